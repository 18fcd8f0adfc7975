import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { session as appSession, type SessionStore } from '../authProvider/session';
import { useSession } from '../authProvider/useSession';
import { pageReloader } from '../layout/ErrorFallback';
import { Splash } from '../layout/Splash';
import type { ThemeStore } from '../theme/themeStore';
import { themeStore, useBrandThemeOptions, useThemeState } from '../theme/useBrandTheme';
import { THEME_ERROR_TITLE, wantedRiskManager } from '../theme/wantedRiskManager';

function ThemeError() {
  return (
    <Box role="alert" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}>
      <Typography variant="h1">{THEME_ERROR_TITLE}</Typography>
      <Typography>Verifique sua conexão e tente recarregar a página.</Typography>
      <Button variant="contained" onClick={() => pageReloader.reload()}>
        Recarregar
      </Button>
    </Box>
  );
}

/**
 * Loads the brand theme the page asks for and provides it (with CssBaseline) to everything below;
 * a splash while the first theme loads, an error screen when that first load fails.
 */
export function ThemeGate({
  children,
  store = themeStore,
  session = appSession,
}: {
  children: ReactNode;
  store?: ThemeStore;
  session?: SessionStore;
}) {
  const { pathname, search } = useLocation();
  const { user } = useSession(session);
  const { status } = useThemeState(store);
  const options = useBrandThemeOptions(store);
  const muiTheme = useMemo(() => createTheme(options), [options]);
  const userRiskManager = user?.riskManager;

  useEffect(() => {
    const wanted = wantedRiskManager(pathname, search, userRiskManager, store);
    if (wanted !== undefined && wanted !== store.getState().requested) void store.load(wanted);
  }, [pathname, search, userRiskManager, store]);

  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      {status === 'error' ? <ThemeError /> : status === 'ready' ? children : <Splash />}
    </ThemeProvider>
  );
}
