import { BrowserRouter, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { ErrorsLeftBehind } from '../layout/ErrorsLeftBehind';
import { LiveRegion } from '../layout/LiveRegion';
import { Toaster } from '../layout/Toaster';
import { ThemeGate } from './ThemeGate';
import { AppRoutes } from './AppRoutes';

/** Forgets a caught render error when the visitor navigates elsewhere. */
function RoutesWithBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </ErrorBoundary>
  );
}

/** Every page but `/`: the router, the risk manager's MUI theme, the routes, error fallback, toasts and the live region. A lazy chunk. */
export default function AppShell() {
  return (
    <BrowserRouter>
      <ThemeGate>
        <RoutesWithBoundary />
        <Toaster />
        <ErrorsLeftBehind />
        <LiveRegion />
      </ThemeGate>
    </BrowserRouter>
  );
}
