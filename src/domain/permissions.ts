/**
 * Who may see and do what in the catalogues (spec 6), as pure functions of the caller's role and
 * risk-manager reference, so the UI (tiles, buttons, selects) and the server (403s) agree.
 */
import type { Option } from './enums';
import { PERFIL_LABELS, PERFIS, type Perfil, type Role } from './roles';

type MaybeRole = Role | null | undefined;

/** Admin-home tiles: 'Configurações' (simple) and 'Configurações Avançadas' (advanced). */
export const SIMPLE_ADMIN_TILES = [
  'causes',
  'carriers',
  'places',
  'leaderships',
  'requesters',
  'configs',
  'states',
  'cities',
] as const;
export const ADVANCED_ADMIN_TILES = ['shippers', 'providers', 'franchises'] as const;
export type SimpleAdminTile = (typeof SIMPLE_ADMIN_TILES)[number];
export type AdvancedAdminTile = (typeof ADVANCED_ADMIN_TILES)[number];
export type AdminTile = SimpleAdminTile | AdvancedAdminTile;
export const ADMIN_TILES: readonly AdminTile[] = [...SIMPLE_ADMIN_TILES, ...ADVANCED_ADMIN_TILES];

/** Tile titles (spec 2, Admin home). */
export const ADMIN_TILE_LABELS: Record<AdminTile, string> = {
  causes: 'Motivo Acionamento',
  carriers: 'Transportador',
  places: 'Locais',
  leaderships: 'Lideranças',
  requesters: 'Solicitante',
  configs: 'Parâmetros da missão',
  states: 'Estado',
  cities: 'Cidade',
  shippers: 'Embarcador',
  providers: 'Prestadora de Serviços',
  franchises: 'Serviços e Franquias',
};

/** Entity keys of spec 3 Enumerations: every catalogue screen and its child lists. */
export type CatalogueEntity =
  | AdminTile
  | 'shippersFranchise'
  | 'providersLogin'
  | 'franchiseProviders';

/** States and cities are global: only role type admin with perfil admin touches them. */
const GLOBAL_CATALOGUES: ReadonlySet<CatalogueEntity> = new Set<CatalogueEntity>(['states', 'cities']);

const isAdminOfAdminOrRiskManager = (role: MaybeRole): boolean =>
  role?.perfil === 'admin' && (role.type === 'admin' || role.type === 'risk_manager');

const isPlatformAdmin = (role: MaybeRole): boolean => role?.perfil === 'admin' && role.type === 'admin';

/**
 * Spec 6: causes…requesters, configs and the advanced group for type admin or risk_manager with
 * perfil admin; states and cities only for type admin with perfil admin.
 */
export function canSeeAdminTile(tile: AdminTile, role: MaybeRole): boolean {
  return GLOBAL_CATALOGUES.has(tile) ? isPlatformAdmin(role) : isAdminOfAdminOrRiskManager(role);
}

/** The tiles a role sees, in display order; empty means the user goes to /unauthorized. */
export function visibleAdminTiles(role: MaybeRole): AdminTile[] {
  return ADMIN_TILES.filter((tile) => canSeeAdminTile(tile, role));
}

/**
 * Writes (create, update, delete) to a catalogue: perfil admin of an admin or risk-manager role;
 * states and cities only type admin. Child lists follow their parent's rule.
 */
export function canWriteCatalogue(entity: CatalogueEntity, role: MaybeRole): boolean {
  return GLOBAL_CATALOGUES.has(entity) ? isPlatformAdmin(role) : isAdminOfAdminOrRiskManager(role);
}

/** The users screen (/home/users): perfil admin or ti. */
export function canManageUsers(role: MaybeRole): boolean {
  return role?.perfil === 'admin' || role?.perfil === 'ti';
}

/** Perfil select for users and logins: 'TI' is offered only to a current ti user (spec 6). */
export function perfilOptionsFor(currentRole: MaybeRole): Option<Perfil>[] {
  return PERFIS.filter((perfil) => perfil !== 'ti' || currentRole?.perfil === 'ti').map((perfil) => ({
    value: perfil,
    label: PERFIL_LABELS[perfil],
  }));
}

/**
 * The risk-manager field shows only at creation and only to users without a risk manager of
 * their own (admins, who then load the risk-manager list); risk-manager users are bound to theirs.
 */
export function showRiskManagerField(
  user: { riskManager?: string | null } | null | undefined,
  mode: 'create' | 'edit' = 'create',
): boolean {
  return mode === 'create' && !!user && !user.riskManager;
}

/**
 * Catalogues a service-provider user reads: the lookups, mission parameters and geography its
 * mission screens show (occurrence addresses, mission details). The commercial catalogues —
 * shippers, providers, services and their price plans — stay with the risk manager.
 */
const PROVIDER_READABLE: ReadonlySet<CatalogueEntity> = new Set<CatalogueEntity>(SIMPLE_ADMIN_TILES);

/**
 * Reads: every perfil of an admin or risk-manager role (operational users fill missions from these
 * lists); service-provider users only what their mission screens need. Tenancy still applies.
 */
export function canReadCatalogue(entity: CatalogueEntity, role: MaybeRole): boolean {
  if (!role) return false;
  if (role.type === 'admin' || role.type === 'risk_manager') return true;
  return PROVIDER_READABLE.has(entity);
}

/**
 * Giving (or taking away) the 'ti' perfil: only a ti user or a platform admin (role type admin).
 * The perfil select hides 'TI' from everyone but ti users (perfilOptionsFor); the server is the
 * guard, and also lets platform admins do it.
 */
export function canAssignPerfil(role: MaybeRole, perfil: Perfil): boolean {
  if (!role) return false;
  return perfil !== 'ti' || role.perfil === 'ti' || role.type === 'admin';
}
