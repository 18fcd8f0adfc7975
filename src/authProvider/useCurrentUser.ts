/**
 * The signed-in user from the auth provider's identity (id, fullName, email, role, riskManager =
 * the risk manager id or null, serviceProvider = the provider id or null). Undefined while the
 * identity is resolving or when signed out.
 */
import { useMemo } from 'react';
import { useGetIdentity } from 'react-admin';
import { isPerfil, isRoleType, type Role, type SessionUser } from '../domain/roles';

/** The signed-in user as the screens need it (from the auth provider's identity). */
export type CurrentUser = SessionUser;

export function useCurrentUser(): { user: CurrentUser | undefined; isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  const user = useMemo((): CurrentUser | undefined => {
    if (!identity) return undefined;
    const role = identity.role as Partial<Role> | undefined;
    if (!role || !isRoleType(role.type) || !isPerfil(role.perfil)) return undefined;
    const ref: unknown = identity.riskManager;
    return {
      id: String(identity.id),
      name: identity.fullName ?? '',
      email: typeof identity.email === 'string' ? identity.email : '',
      role: { type: role.type, perfil: role.perfil },
      riskManager: typeof ref === 'string' && ref !== '' ? ref : null,
      serviceProvider: typeof identity.serviceProvider === 'string' ? identity.serviceProvider : null,
    };
  }, [identity]);
  return { user, isPending };
}
