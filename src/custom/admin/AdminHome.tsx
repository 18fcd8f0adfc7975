/** /home/admin: the tiles the user's role allows, in two groups; none allowed → /unauthorized. */
import { Box, ButtonBase, Paper, Typography } from '@mui/material';
import { Navigate, useNavigate } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import type { ResourceDeclaration } from '../../resources/framework/types';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import { canReadAudit } from '../../domain/audit';
import { canManagePrivacy } from '../../domain/privacy';
import { PRIVACY_PATH, PRIVACY_TEXTS } from '../../domain/privacy/texts';
import type { Role } from '../../domain/roles';
import { canEditTheme } from '../../domain/themeAccess';
import { ADMIN_BASE, tileGroupsFor, type Tile, type TileGroup } from './adminTiles';

/** Beside the catalogues: the risk manager's look (custom/theme/ThemeEditorPage.tsx). */
const APPEARANCE: TileGroup = { title: 'Aparência', tiles: [{ name: 'theme', label: 'Tema', to: `${ADMIN_BASE}/theme`, icon: PaletteOutlined }] };
/** Who wrote what, when and from where (custom/audit/AuditPage.tsx). */
const AUDIT: Tile = { name: 'audit', label: 'Auditoria', to: `${ADMIN_BASE}/audit`, icon: ManageSearchOutlined };
/** LGPD: the data subjects, the retention and the incidents register (custom/privacy/PrivacyPage.tsx). */
const PRIVACY: Tile = { name: 'privacy', label: PRIVACY_TEXTS.title, to: PRIVACY_PATH, icon: PrivacyTipOutlined };

/** 'Segurança': the tiles of the security screens the role may open (none: no section). */
function securityGroup(role: Role | undefined): TileGroup[] {
  const tiles = [...(canReadAudit(role) ? [AUDIT] : []), ...(canManagePrivacy(role) ? [PRIVACY] : [])];
  return tiles.length > 0 ? [{ title: 'Segurança', tiles }] : [];
}

function TileButton({ tile }: { tile: Tile }) {
  const navigate = useNavigate();
  return (
    <ButtonBase
      onClick={() => void navigate(tile.to)}
      focusRipple
      sx={{ borderRadius: 2, width: '100%', height: '100%' }}
      aria-label={tile.label}
    >
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          height: '100%',
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          color: 'primary.main',
          '&:hover': { borderColor: 'primary.main' },
        }}
      >
        <tile.icon fontSize="large" />
        <Typography variant="body1" sx={{ color: 'text.primary', fontWeight: 600, textAlign: 'center' }}>
          {tile.label}
        </Typography>
      </Paper>
    </ButtonBase>
  );
}

export function AdminHome({ declarations }: { declarations: readonly ResourceDeclaration[] }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  const groups = [
    ...tileGroupsFor(declarations, user),
    ...(canEditTheme(user?.role) ? [APPEARANCE] : []),
    ...securityGroup(user?.role),
  ];
  if (groups.length === 0) return <Navigate to="/unauthorized" replace />;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Administração
      </Typography>
      {groups.map((group) => (
        <Box key={group.title} component="section" aria-label={group.title} sx={{ mb: 4 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {group.title}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
            {group.tiles.map((tile) => (
              <TileButton key={tile.name} tile={tile} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
