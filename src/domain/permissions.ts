/**
 * Who may see and do what in the catalogues (docs/rules/tenancy-and-roles.md), as pure functions of the
 * caller's role and
 * risk-manager reference, so the UI (tiles, buttons, selects) and the server (403s) agree.
 */
import { CATALOGUES, type CatalogueEntry, type CatalogueName } from './catalogues';
import type { Option } from './enums';
import { PERFIL_LABELS, PERFIS, type Perfil, type Role } from './roles';

type MaybeRole = Role | null | undefined;

/**
 * Catalogue entities the server guards (docs/rules/catalogues.md): the admin-home catalogues and their
 * child lists, from the registry (catalogues.ts), whose entries carry the facts the rules read.
 */
export const CATALOGUE_ENTITIES = Object.keys(CATALOGUES) as CatalogueName[];
export type CatalogueEntity = CatalogueName;

/**
 * docs/rules/tenancy-and-roles.md: perfil admin of a role of type admin or risk manager. Sees the
 * admin-home tiles of
 * causes…requesters, configs and the advanced group, and writes those catalogues.
 */
export const isCatalogueAdmin = (role: MaybeRole): boolean =>
  role?.perfil === 'admin' && (role.type === 'admin' || role.type === 'risk_manager');

/** docs/rules/tenancy-and-roles.md: perfil admin of role type admin, the only one to see (and write) states and cities. */
export const isPlatformAdmin = (role: MaybeRole): boolean => role?.perfil === 'admin' && role.type === 'admin';

/**
 * Writes (create, update, delete) to a catalogue: perfil admin of an admin or risk-manager role;
 * states and cities only type admin. Child lists follow their parent's rule.
 */
export function canWriteCatalogue(entity: CatalogueEntity, role: MaybeRole): boolean {
  return canWriteEntry(CATALOGUES[entity], role);
}

/** canWriteCatalogue on a registry entry (global catalogues: platform admins only). */
export function canWriteEntry(entry: Pick<CatalogueEntry, 'tenancy'>, role: MaybeRole): boolean {
  return entry.tenancy === 'global' ? isPlatformAdmin(role) : isCatalogueAdmin(role);
}

/**
 * The users screen (/home/users): perfil admin or ti of an admin or risk-manager role. Provider
 * users are not risk-manager users; their logins are managed under the provider (providersLogin).
 */
export function canManageUsers(role: MaybeRole): boolean {
  return (role?.perfil === 'admin' || role?.perfil === 'ti') && role.type !== 'service_provider';
}

/** Perfil select for users and logins: 'TI' is offered only to a current ti user (docs/rules/tenancy-and-roles.md). */
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
 * Reads: every perfil of an admin or risk-manager role (operational users fill missions from these
 * lists); service-provider users only what their mission screens need. Tenancy still applies.
 */
export function canReadCatalogue(entity: CatalogueEntity, role: MaybeRole): boolean {
  return canReadEntry(CATALOGUES[entity], role);
}

/**
 * canReadCatalogue on a registry entry. Service-provider users read what their mission screens
 * show (entry.providersRead: lookups, mission parameters, geography), not the commercial catalogues.
 */
export function canReadEntry(entry: Pick<CatalogueEntry, 'providersRead'>, role: MaybeRole): boolean {
  if (!role) return false;
  if (role.type === 'admin' || role.type === 'risk_manager') return true;
  return entry.providersRead;
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

/** Refusals of a change to a user or login. */
export const USER_CHANGE_REFUSALS = {
  ownPerfil: 'Não é possível alterar o próprio perfil',
  ownDeactivation: 'Não é possível desativar o próprio usuário',
  perfilNotAllowed: 'Você não pode atribuir este perfil',
} as const;

/**
 * Whether `actor` may give `target` (absent: a new user) the perfil and active flag of `change`:
 * null when allowed, else the Portuguese refusal. Nobody changes their own perfil or deactivates
 * themselves (a ti user once promoted itself to admin), and a perfil is given or taken away only
 * within canAssignPerfil — the users screen's offer (perfilOptionsFor), plus 'ti' for platform
 * admins. The server answers the refusal with 403; the users form disables what it would refuse.
 */
export function userChangeRefusal(
  actor: { id: string; role: Role },
  target: { id: string; perfil: Perfil; active: boolean } | null,
  change: { perfil: Perfil; active?: boolean },
): string | null {
  if (target && target.id === actor.id) {
    if (change.perfil !== target.perfil) return USER_CHANGE_REFUSALS.ownPerfil;
    if (target.active && change.active === false) return USER_CHANGE_REFUSALS.ownDeactivation;
  }
  if (target && !canAssignPerfil(actor.role, target.perfil)) return USER_CHANGE_REFUSALS.perfilNotAllowed;
  if (!canAssignPerfil(actor.role, change.perfil)) return USER_CHANGE_REFUSALS.perfilNotAllowed;
  return null;
}

/**
 * The inputs of the users form that userChangeRefusal would refuse any change of, so the form
 * disables them (one's own perfil and active flag; everything of a user whose perfil one may not touch).
 */
export function lockedUserFields(
  actor: { id: string; role: Role },
  target: { id: string; perfil: Perfil; active: boolean },
): { perfil: boolean; active: boolean } {
  const refused = (change: { perfil: Perfil; active: boolean }) => userChangeRefusal(actor, target, change) !== null;
  return {
    perfil: PERFIS.filter((p) => p !== target.perfil).every((perfil) => refused({ perfil, active: target.active })),
    active: refused({ perfil: target.perfil, active: !target.active }),
  };
}

/**
 * The missions area (docs/rules/missions.md side menu: every user except the tech profile). The server
 * refuses the
 * missions service, its details, chat and live stream to anyone else (403), as the menu hides them.
 */
export const canUseMissions = (role: MaybeRole): boolean => !!role && role.perfil !== 'ti';
