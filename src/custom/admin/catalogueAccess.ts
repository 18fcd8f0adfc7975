/**
 * react-admin's canAccess (issue 12), answered by the rules the screens and the server already
 * share, so react-admin's own checks (ListBase's 'list', useCanAccess) agree with them: reading a
 * catalogue ('list', 'show', 'export') is canReadCatalogue and the users screen canManageUsers;
 * 'create', 'edit' and 'delete' are the declaration's access rules (spec 6). Resources that are no
 * screen of their own (the reference lists) are allowed: the server guards them.
 */
import { isCatalogueName } from '../../domain/catalogues';
import { canManageUsers, canReadCatalogue } from '../../domain/permissions';
import type { SessionUser } from '../../domain/roles';
import { allDeclarations } from '../../resources';
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

function allowed(declaration: ResourceDeclaration, { action, record }: AccessQuery, user: SessionUser): boolean {
  const access = declaration.access ?? {};
  switch (action) {
    case 'create':
      return access.create?.(user) ?? true;
    case 'edit':
      return access.edit?.(user, record) ?? true;
    case 'delete':
      return access.delete?.(user, record) ?? true;
    default:
      return readable(declaration.name, user);
  }
}

/** canAccess over the signed-in user (none: nothing of a screen is allowed). */
export function createCanAccess(getUser: () => SessionUser | null, declarations: readonly ResourceDeclaration[] = allDeclarations) {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  return (query: AccessQuery): Promise<boolean> => {
    const declaration = byName.get(query.resource);
    if (!declaration) return Promise.resolve(true);
    const user = getUser();
    return Promise.resolve(user !== null && allowed(declaration, query, user));
  };
}
