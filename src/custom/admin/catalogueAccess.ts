/**
 * react-admin's canAccess, answered by the rules the screens and the server already
 * share, so react-admin's own checks (ListBase's 'list', useCanAccess) agree with them: reading a
 * catalogue ('list', 'show', 'export') is canReadCatalogue and the users screen canManageUsers;
 * 'create', 'edit' and 'delete' are the declaration's access rules (docs/rules/tenancy-and-roles.md).
 * Resources that are no
 * screen of their own (the reference lists) are allowed: the server guards them.
 */
import { isCatalogueName } from '../../domain/catalogues';
import { canManageUsers, canReadCatalogue } from '../../domain/permissions';
import type { SessionUser } from '../../domain/roles';
import type { FormValues, ResourceDeclaration } from '../../resources/framework/types';

export interface AccessQuery {
  action: string;
  resource: string;
  record?: FormValues;
}

const readable = (name: string, user: SessionUser): boolean => {
  if (name === 'users') return canManageUsers(user.role);
  return isCatalogueName(name) ? canReadCatalogue(name, user.role) : true;
};

type Declarations = readonly ResourceDeclaration[];

/** What a write may do by the declaration's access rules (no rule: allowed). */
function writable(declaration: ResourceDeclaration, { action, record }: AccessQuery, user: SessionUser): boolean {
  const access = declaration.access ?? {};
  if (action === 'create') return access.create?.(user) ?? true;
  if (action === 'edit') return access.edit?.(user, record) ?? true;
  return access.delete?.(user, record) ?? true;
}

const WRITES = new Set(['create', 'edit', 'delete']);

/**
 * canAccess over the signed-in user (none: nothing of a screen is allowed). Reads are answered by
 * the shared rules alone; the declarations, with their forms and schemas, are loaded for the first
 * write asked about, so that the screens without a catalogue (/home/missions) do not download them.
 */
export function createCanAccess(
  getUser: () => SessionUser | null,
  declarations: Declarations | (() => Promise<Declarations>) = () => import('../../resources').then((m) => m.allDeclarations),
) {
  let byName: Promise<Map<string, ResourceDeclaration>> | undefined;
  const declared = (name: string) => {
    byName ??= Promise.resolve(typeof declarations === 'function' ? declarations() : declarations).then(
      (all) => new Map(all.map((declaration) => [declaration.name, declaration])),
    );
    return byName.then((map) => map.get(name));
  };
  return async (query: AccessQuery): Promise<boolean> => {
    const user = getUser();
    if (!WRITES.has(query.action)) return user !== null && readable(query.resource, user);
    const declaration = await declared(query.resource);
    if (!declaration) return true;
    return user !== null && writable(declaration, query, user);
  };
}
