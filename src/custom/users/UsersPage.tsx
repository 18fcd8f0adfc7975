/**
 * /home/users (registered by App.tsx as 'users', exactly: /home/users/xyz is an unknown path and
 * shows the unauthorized page): the users catalogue, for ti and admin profiles.
 */
import { Navigate } from 'react-router-dom';
import { homePathFor } from '../../domain/navigation';
import { canManageUsers } from '../../domain/permissions';
import { users } from '../../resources';
import { ResourcePage } from '../../resources/framework/ResourcePage';
import { Spinner } from '../../resources/framework/Spinner';
import { useCurrentUser } from '../../resources/framework/useCurrentUser';
import { withPath } from '../pageTypes';

export const USERS_PATH = '/home/users';

function Users() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user || !canManageUsers(user.role)) return <Navigate to="/unauthorized" replace />;
  // For ti users this screen is their home (/home redirects here), so Voltar would lead back to it.
  const isHome = homePathFor(user.role) === USERS_PATH;
  return <ResourcePage declaration={users} backTo={isHome ? undefined : '/home'} />;
}

export const UsersPage = withPath(Users, 'users');
