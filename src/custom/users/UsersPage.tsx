/**
 * /home/users (registered by App.tsx as 'users/*'): the users catalogue's react-admin <Resource>,
 * for ti and admin profiles. Its basename is the <Admin>'s, /home, so react-admin's own URL of the
 * resource is the product's (resources/framework/routes.tsx); /home/users/xyz is an unknown path and
 * shows the unauthorized page.
 */
import { lazy } from 'react';
import { BasenameContextProvider } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { homePathFor } from '../../domain/navigation';
import { canManageUsers } from '../../domain/permissions';
import { users } from '../../resources';
import { catalogueResource, useRegisterResources } from '../../resources/framework/routes';
import { Spinner } from '../../layout/Spinner';
import { useCurrentUser } from '../../authProvider/useCurrentUser';

export const USERS_PATH = '/home/users';
const USERS_BASE = '/home';
/**
 * The users catalogue with its written action, 'Redefinir verificação em duas etapas' beside Editar,
 * loaded when a record opens: the users list does not carry the two-factor client.
 */
const usersScreen = { ...users, recordActions: lazy(() => import('./ResetTwoFactorButton')) };
const DECLARATIONS = [usersScreen];

export function UsersPage() {
  useRegisterResources(DECLARATIONS);
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user || !canManageUsers(user.role)) return <Navigate to="/unauthorized" replace />;
  // For ti users this screen is their home (/home redirects here), so Voltar would lead back to it.
  const isHome = homePathFor(user.role) === USERS_PATH;
  return (
    <BasenameContextProvider basename={USERS_BASE}>
      {catalogueResource(usersScreen, { backTo: isHome ? undefined : USERS_BASE, registry: {} })}
    </BasenameContextProvider>
  );
}
