import { BrowserRouter, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { Toaster } from '../layout/Toaster';
import { ThemeGate } from '../theme/ThemeGate';
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

/** Everything the browser mounts: router, the risk manager's theme, error fallback, toasts. */
export function Root() {
  return (
    <BrowserRouter>
      <ThemeGate>
        <RoutesWithBoundary />
        <Toaster />
      </ThemeGate>
    </BrowserRouter>
  );
}
