import type { ReactNode } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useLogout } from 'react-admin';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useSession } from '../authProvider/useSession';
import { HOME_ITEM, menuItemsFor } from '../domain/navigation';
import { MENU_WIDTH } from '../theme/theme';
import { brandOf } from '../theme/brandTheme';
import { ColorModeSwitch } from './ColorModeSwitch';
import { Logo } from './Logo';

export const USER_FALLBACK_LABEL = 'Usuário';

const ICONS: Record<string, ReactNode> = {
  '/home': <HomeOutlined />,
  '/home/missions': <AssignmentOutlined />,
  '/home/admin': <SettingsOutlined />,
  '/home/reports': <AssessmentOutlined />,
  '/home/users': <PeopleOutlined />,
};

function NavItem({ to, label, end = false }: { to: string; label: string; end?: boolean }) {
  return (
    <ListItemButton
      component={NavLink}
      to={to}
      end={end}
      sx={{
        borderRadius: 1,
        mx: 1,
        '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', '& .MuiListItemIcon-root': { color: 'inherit' } },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[to]}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

/**
 * Spec "Side menu": 250px; logo → /home; Home (exact); role items; user name and Sair at the
 * bottom. `inDrawer`: inside the narrow screens' drawer, which does the positioning.
 */
export function SideMenu({ inDrawer = false }: { inDrawer?: boolean }) {
  const { user } = useSession();
  const logout = useLogout();
  const items = menuItemsFor(user?.role);
  return (
    <Box
      component="nav"
      aria-label="Menu principal"
      sx={{
        width: MENU_WIDTH,
        flexShrink: 0,
        position: inDrawer ? 'static' : 'sticky',
        top: 0,
        height: inDrawer ? '100%' : '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: (theme) => brandOf(theme).menu,
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ p: 2 }}>
        <RouterLink to="/home" aria-label="Ir para a página inicial">
          <Logo height={40} />
        </RouterLink>
      </Box>
      <List sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <NavItem to={HOME_ITEM.to} label={HOME_ITEM.label} end />
        {items.map((item) => (
          <NavItem key={item.to} to={item.to} label={item.label} />
        ))}
      </List>
      <Box sx={{ flex: 1 }} />
      <ColorModeSwitch />
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 2 }}>
        <PersonOutlined fontSize="small" color="action" />
        <Typography variant="body2" noWrap title={user?.name || USER_FALLBACK_LABEL} data-testid="menu-user-name">
          {user?.name || USER_FALLBACK_LABEL}
        </Typography>
      </Box>
      <List>
        <ListItemButton
          component={RouterLink}
          to="/login"
          onClick={(event: React.MouseEvent) => {
            // Logging out (clear session and cached data) is what takes the user to /login.
            event.preventDefault();
            void logout({}, '/login', false);
          }}
          sx={{ borderRadius: 1, mx: 1 }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <LogoutOutlined />
          </ListItemIcon>
          <ListItemText primary="Sair" />
        </ListItemButton>
      </List>
    </Box>
  );
}
