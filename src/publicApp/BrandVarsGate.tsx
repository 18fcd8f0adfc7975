import { useEffect, useMemo, type ReactNode } from 'react';
import { useSession } from '../authProvider/useSession';
import { PlainNotice, PlainSplash } from '../layout/PlainScreens';
import { usePathname, useSearch } from '../layout/plainHistory';
import { brandVars } from '../theme/brandVars';
import { themeStore, useColorMode, useThemeState } from '../theme/themeState';
import { THEME_ERROR_TITLE, wantedRiskManager } from '../theme/wantedRiskManager';

/**
 * ThemeGate without MUI, for the landing page: loads the same brand theme (same store, same rules)
 * and hands it to the page as --pr-* CSS variables, in the chosen light or dark mode.
 */
export function BrandVarsGate({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const search = useSearch();
  const { user } = useSession();
  const { status, theme } = useThemeState();
  const mode = useColorMode();
  const style = useMemo(() => brandVars(theme, mode), [theme, mode]);
  const userRiskManager = user?.riskManager;

  useEffect(() => {
    const wanted = wantedRiskManager(pathname, search, userRiskManager, themeStore);
    if (wanted !== undefined && wanted !== themeStore.getState().requested) void themeStore.load(wanted);
  }, [pathname, search, userRiskManager]);

  return (
    <div className="pr-brand" style={style}>
      {status === 'error' ? (
        <PlainNotice title={THEME_ERROR_TITLE} text="Verifique sua conexão e tente recarregar a página." />
      ) : status === 'ready' ? (
        children
      ) : (
        <PlainSplash />
      )}
    </div>
  );
}
