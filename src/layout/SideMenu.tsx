import type { ReactNode } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useLogout } from 'react-admin';
import { forgetPushDevice } from './forgetPushDevice';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useSession } from '../authProvider/useSession';
import { INTEGRATIONS_PATH } from '../domain/integrations/apiKeys';
import { AGENTS_PATH, DEVICES_PATH, HOME_ITEM, menuItemsFor, SCORECARDS_PATH } from '../domain/navigation';
import { MENU_WIDTH } from '../theme/theme';
import { brandOf } from '../theme/brandTheme';
import { ColorModeSwitch } from './ColorModeSwitch';
import { Logo } from './Logo';

export const USER_FALLBACK_LABEL = 'Usuário';
/**
 * Read after the logo's own name: the link is named by what it shows ('Pronta Resposta', or the risk
 * manager's logo), as speech input users say it (WCAG 2.5.3), then where it leads.
 */
const HOME_LINK_HINT = ', página inicial';
const screenReaderOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const ICONS: Record<string, ReactNode> = {
  '/home': <HomeOutlined />,
  '/home/missions': <AssignmentOutlined />,
  '/home/admin': <SettingsOutlined />,
  '/home/reports': <AssessmentOutlined />,
  '/home/users': <PeopleOutlined />,
  [SCORECARDS_PATH]: <LeaderboardOutlined />,
  [DEVICES_PATH]: <PhoneAndroidOutlined />,
  [AGENTS_PATH]: <BadgeOutlined />,
  [INTEGRATIONS_PATH]: <HubOutlined />,
};

/** Each link is an item of the menu's list (<li>), as screen readers count and announce it (WCAG 1.3.1). */
function NavItem({ to, label, end = false }: { to: string; label: string; end?: boolean }) {
  return (
    <ListItem disablePadding>
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
    </ListItem>
  );
}

/**
 * docs/rules/screens.md: 250px; logo → /home; Home (exact); role items; user name and Sair at the
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
        <RouterLink to="/home">
          <Logo height={40} />
          <Box component="span" sx={screenReaderOnly}>
            {HOME_LINK_HINT}
          </Box>
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
        <ListItem disablePadding>
          <ListItemButton component={RouterLink} to="/home/account/security" sx={{ borderRadius: 1, mx: 1 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LockOutlined />
            </ListItemIcon>
            <ListItemText primary="Segurança da conta" />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton
            component={RouterLink}
            to="/login"
            onClick={(event: React.MouseEvent) => {
              // Logging out (clear session and cached data) is what takes the user to /login; this
              // phone's notifications are the leaving user's and stop first (forgetPushDevice.ts).
              event.preventDefault();
              void forgetPushDevice().then(() => logout({}, '/login', false));
            }}
            sx={{ borderRadius: 1, mx: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutOutlined />
            </ListItemIcon>
            <ListItemText primary="Sair" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
