import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { BareErrorBoundary } from '../layout/BareErrorBoundary';
import { PlainNotice, PlainSplash } from '../layout/PlainScreens';
import { BrandVarsGate } from '../theme/BrandVarsGate';
import { loadAppShell, loadLandingScreen } from './pageLoaders';

const LandingScreen = lazy(loadLandingScreen);
const AppShell = lazy(loadAppShell);

/**
 * `/` is the public face and the first visit of most people: it is drawn without MUI, from the
 * brand's CSS variables, so it downloads only React, the router and its own small chunk. Every
 * other path loads the MUI shell (AppShell) on demand.
 */
function Screens() {
  const { pathname } = useLocation();
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

/** Everything the browser mounts: the router, then `/` or the app shell. */
export function Root() {
  return (
    <BrowserRouter>
      <Screens />
    </BrowserRouter>
  );
}
