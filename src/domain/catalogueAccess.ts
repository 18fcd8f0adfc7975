/**
 * Read access to the catalogues and the right to give the 'ti' perfil — the rules the server
 * needs beside permissions.ts (spec 6 leaves "other server-side permissions" open; these are ours).
 * Pure functions of the caller's role, like permissions.ts, so the UI can ask the same questions.
 */
import type { CatalogueEntity } from './permissions';
import type { Perfil, Role } from './roles';

type MaybeRole = Role | null | undefined;

/**
 * Catalogues a service-provider user reads: the lookups, mission parameters and geography its
 * mission screens show (occurrence addresses, mission details). The commercial catalogues —
 * shippers, providers, services and their price plans — stay with the risk manager.
 */
const PROVIDER_READABLE: ReadonlySet<CatalogueEntity> = new Set<CatalogueEntity>([
  'causes',
  'carriers',
  'places',
  'leaderships',
  'requesters',
  'configs',
  'states',
  'cities',
]);

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
