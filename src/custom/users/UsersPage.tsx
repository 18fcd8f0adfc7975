/** /home/users (registered by App.tsx as 'users/*'): the users catalogue, for ti and admin profiles. */
import { Navigate } from 'react-router-dom';
import { canManageUsers } from '../../domain/permissions';
import { users } from '../../resources';
import { ResourcePage } from '../../resources/framework/ResourcePage';
import { Spinner } from '../../resources/framework/Spinner';
import { useCurrentUser } from '../../resources/framework/useCurrentUser';
import { withPath } from '../pageTypes';

function Users() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!canManageUsers(user?.role)) return <Navigate to="/unauthorized" replace />;
  return <ResourcePage declaration={users} backTo="/home" />;
}

export const UsersPage = withPath(Users, 'users/*');
