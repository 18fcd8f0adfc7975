import { BrowserRouter, useLocation } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { Toaster } from '../layout/Toaster';
import { theme } from '../theme/theme';
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

/** Everything the browser mounts: theme, router, error fallback, toasts. */
export function Root() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <RoutesWithBoundary />
      </BrowserRouter>
      <Toaster />
    </ThemeProvider>
  );
}
