import { lazy, Suspense } from 'react';
import { BareErrorBoundary } from '../layout/BareErrorBoundary';
import { PlainNotice, PlainSplash } from '../layout/PlainScreens';
import { BrandVarsGate } from '../theme/BrandVarsGate';
import { loadAppShell, loadLandingScreen } from './pageLoaders';
import { usePathname } from './plainHistory';

const LandingScreen = lazy(loadLandingScreen);
const AppShell = lazy(loadAppShell);

/**
 * `/` is the public face and the first visit of most people: it is drawn without MUI, from the
 * brand's CSS variables and without react-router, so it downloads only React and its own small
 * chunk. Every other path loads the router and the MUI shell (AppShell) on demand.
 */
export function Root() {
  const pathname = usePathname();
  if (pathname !== '/') {
    return (
      <Suspense fallback={<PlainSplash />}>
        <AppShell />
      </Suspense>
    );
  }
  return (
    <BrandVarsGate>
      <BareErrorBoundary fallback={<PlainNotice title="Erro inesperado" text="Algo deu errado. Tente recarregar a página." />}>
        <Suspense fallback={<PlainSplash />}>
          <LandingScreen />
        </Suspense>
      </BareErrorBoundary>
    </BrandVarsGate>
  );
}
