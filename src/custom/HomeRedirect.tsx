import { Navigate } from 'react-router-dom';
import { useSession } from '../authProvider/useSession';
import { homePathFor } from '../domain/navigation';

/** /home index (docs/rules/screens.md): tech users → /home/users, everyone else → /home/missions. */
export function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={homePathFor(user?.role)} replace />;
}
