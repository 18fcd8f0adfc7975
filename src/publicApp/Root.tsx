import { lazy, Suspense } from 'react';
import { BareErrorBoundary } from '../layout/BareErrorBoundary';
import { PlainNotice, PlainSplash } from '../layout/PlainScreens';
import { BrandVarsGate } from './BrandVarsGate';
import { isTrackingPath, loadAppShell, loadLandingScreen, loadTrackingScreen, preloadPage } from './pageLoaders';
import { usePathname } from '../layout/plainHistory';

const LandingScreen = lazy(loadLandingScreen);
const AppShell = lazy(loadAppShell);
const TrackingScreen = lazy(loadTrackingScreen);
const preloadLogin = () => preloadPage('/login');

/**
 * `/` is the public face and the first visit of most people: it is drawn without MUI, from the
 * brand's CSS variables and without react-router, so it downloads only React and its own small
 * chunk; the shipper's tracking page (`/acompanhar/{token}`) is drawn the same way. Every other
 * path loads the router and the MUI shell (AppShell) on demand.
 */
export function Root() {
  const pathname = usePathname();
  const tracking = isTrackingPath(pathname);
  if (pathname !== '/' && !tracking) {
    return (
      <Suspense fallback={<PlainSplash />}>
        <AppShell />
      </Suspense>
    );
  }
  return (
    <BrandVarsGate>
      <BareErrorBoundary fallback={<PlainNotice title="Erro inesperado" text="Algo deu errado. Tente recarregar a página." />}>
        <Suspense fallback={<PlainSplash />}>{tracking ? <TrackingScreen /> : <LandingScreen preloadLogin={preloadLogin} />}</Suspense>
      </BareErrorBoundary>
    </BrandVarsGate>
  );
}
