/**
 * The admin home's tiles (spec 2 and 6): the 'Configurações' group opens /home/admin/{name}, the
 * 'Configurações Avançadas' group /home/admin/advanced/{name}. Labels and visibility come from
 * src/domain/permissions.
 */
import Groups from '@mui/icons-material/Groups';
import Inventory2 from '@mui/icons-material/Inventory2';
import LocalShipping from '@mui/icons-material/LocalShipping';
import LocationCity from '@mui/icons-material/LocationCity';
import MapIcon from '@mui/icons-material/Map';
import PersonSearch from '@mui/icons-material/PersonSearch';
import Place from '@mui/icons-material/Place';
import ReportProblem from '@mui/icons-material/ReportProblem';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Security from '@mui/icons-material/Security';
import Tune from '@mui/icons-material/Tune';
import type { ReactNode } from 'react';
import {
  ADMIN_TILE_LABELS,
  ADVANCED_ADMIN_TILES,
  SIMPLE_ADMIN_TILES,
  canSeeAdminTile,
  type AdminTile,
} from '../../domain/permissions';
import type { Role } from '../../domain/roles';

export const ADMIN_BASE = '/home/admin';
export const ADVANCED_BASE = `${ADMIN_BASE}/advanced`;

export interface Tile {
  name: AdminTile;
  label: string;
  to: string;
  icon: ReactNode;
}

export interface TileGroup {
  title: string;
  tiles: Tile[];
}

const ICONS: Record<AdminTile, ReactNode> = {
  causes: <ReportProblem fontSize="large" />,
  carriers: <LocalShipping fontSize="large" />,
  places: <Place fontSize="large" />,
  leaderships: <Groups fontSize="large" />,
  requesters: <PersonSearch fontSize="large" />,
  configs: <Tune fontSize="large" />,
  states: <MapIcon fontSize="large" />,
  cities: <LocationCity fontSize="large" />,
  shippers: <Inventory2 fontSize="large" />,
  providers: <Security fontSize="large" />,
  franchises: <RequestQuote fontSize="large" />,
};

const tile = (name: AdminTile, base: string): Tile => ({
  name,
  label: ADMIN_TILE_LABELS[name],
  to: `${base}/${name}`,
  icon: ICONS[name],
});

/** The groups a role sees, without empty groups; no group at all means /unauthorized. */
export function tileGroupsFor(role: Role | null | undefined): TileGroup[] {
  const groups: TileGroup[] = [
    {
      title: 'Configurações',
      tiles: SIMPLE_ADMIN_TILES.filter((name) => canSeeAdminTile(name, role)).map((name) => tile(name, ADMIN_BASE)),
    },
    {
      title: 'Configurações Avançadas',
      tiles: ADVANCED_ADMIN_TILES.filter((name) => canSeeAdminTile(name, role)).map((name) => tile(name, ADVANCED_BASE)),
    },
  ];
  return groups.filter((group) => group.tiles.length > 0);
}
