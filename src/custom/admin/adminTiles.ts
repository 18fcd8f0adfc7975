/**
 * The admin home's tiles (docs/rules/catalogues.md, docs/rules/tenancy-and-roles.md), derived from the
 * catalogue declarations: each declaration
 * with a `tile` gives its group, label, icon and who sees it. The 'Configurações' group opens
 * /home/admin/{name}, the 'Configurações Avançadas' group /home/admin/advanced/{name}.
 */
import type { CurrentUser } from '../../authProvider/useCurrentUser';
import type { AdminTileDeclaration, ResourceDeclaration } from '../../resources/framework/types';

export const ADMIN_BASE = '/home/admin';
export const ADVANCED_BASE = `${ADMIN_BASE}/advanced`;

type TileGroupName = AdminTileDeclaration['group'];

/** The groups in display order (docs/rules/catalogues.md): title, URL of their lists and route prefix under /home/admin. */
export const TILE_GROUPS: readonly { group: TileGroupName; title: string; base: string; pathPrefix: string }[] = [
  { group: 'simple', title: 'Configurações', base: ADMIN_BASE, pathPrefix: '' },
  { group: 'advanced', title: 'Configurações Avançadas', base: ADVANCED_BASE, pathPrefix: 'advanced/' },
];

export interface Tile {
  name: string;
  label: string;
  to: string;
  icon: AdminTileDeclaration['icon'];
}

export interface TileGroup {
  title: string;
  tiles: Tile[];
}

/** The declaration's tile; every screen of the admin area has one (it guards the screen). */
export function tileOf(declaration: ResourceDeclaration): AdminTileDeclaration {
  if (!declaration.tile) throw new Error(`'${declaration.name}' não é um bloco da administração (declare 'tile')`);
  return declaration.tile;
}

/** The groups a user sees, in declaration order, without empty groups; none means /unauthorized. */
export function tileGroupsFor(declarations: readonly ResourceDeclaration[], user: CurrentUser | undefined): TileGroup[] {
  return TILE_GROUPS.map(({ group, title, base }) => ({
    title,
    tiles: declarations
      .filter((declaration) => tileOf(declaration).group === group && user !== undefined && tileOf(declaration).see(user))
      .map((declaration) => {
        const tile = tileOf(declaration);
        return { name: declaration.name, label: tile.label, to: `${base}/${declaration.name}`, icon: tile.icon };
      }),
  })).filter((group) => group.tiles.length > 0);
}
