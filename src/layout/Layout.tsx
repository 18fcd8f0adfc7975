import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { Breadcrumb } from './Breadcrumb';
import { ErrorBoundary } from './ErrorBoundary';
import { ReloginDialog } from './ReloginDialog';
import { SideMenu } from './SideMenu';
import { Splash } from './Splash';

/** The protected area's frame: side menu, breadcrumb, the page, and the relogin dialog. */
export function Layout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SideMenu />
      <Box component="main" id="main-content" sx={{ flex: 1, minWidth: 0, p: 3 }}>
        <Breadcrumb />
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Splash fullScreen={false} />}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
      <ReloginDialog />
    </Box>
  );
}
