import { Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { AppStateNotices } from './AppStateNotices';
import { Breadcrumb } from './Breadcrumb';
import { ErrorBoundary } from './ErrorBoundary';
import { Logo } from './Logo';
import { OutboxNotice } from './OutboxNotice';
import { OutboxProvider } from './OutboxProvider';
import { ReloginDialog } from './ReloginDialog';
import { SideMenu } from './SideMenu';
import { Splash } from './Splash';

export const OPEN_MENU_LABEL = 'Abrir menu';

/**
 * The protected area's frame: side menu, breadcrumb, the page, the relogin dialog, and the device's
 * outbox of actions typed without signal (OutboxProvider, docs/rules/field-app.md) with its notice, and
 * `banner` across the top of every screen (the risk manager's alarms, docs/rules/alarms.md). Below the
 * md breakpoint (900 px) the 250 px menu would leave a phone no room: it becomes a drawer opened
 * from a menu button in a top bar, and closes when the user navigates.
 */
export function Layout({ children, banner }: { children?: ReactNode; banner?: ReactNode }) {
  const { pathname } = useLocation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  // The drawer belongs to the page and the width it was opened on: navigating or resizing closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const here = `${pathname}|${String(narrow)}`;
  const menuOpen = openedAt === here;
  const setMenuOpen = (open: boolean) => setOpenedAt(open ? here : null);

  return (
    <OutboxProvider>
      {banner}
      <Box sx={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', minHeight: '100vh', bgcolor: 'background.default' }}>
        {narrow ? (
          <>
            <AppBar position="sticky" color="inherit" elevation={1}>
              <Toolbar variant="dense" sx={{ gap: 1 }}>
                <IconButton edge="start" aria-label={OPEN_MENU_LABEL} onClick={() => setMenuOpen(true)}>
                  <MenuIcon />
                </IconButton>
                <Logo height={28} on="paper" />
              </Toolbar>
            </AppBar>
            <Drawer variant="temporary" open={menuOpen} onClose={() => setMenuOpen(false)}>
              <SideMenu inDrawer />
            </Drawer>
          </>
        ) : (
          <SideMenu />
        )}
        <Box component="main" id="main-content" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
          <AppStateNotices />
          <OutboxNotice />
          <Breadcrumb />
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Splash fullScreen={false} />}>{children}</Suspense>
          </ErrorBoundary>
        </Box>
        <ReloginDialog />
      </Box>
    </OutboxProvider>
  );
}
