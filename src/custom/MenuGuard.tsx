import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../authProvider/useSession';
import { menuAllows } from '../domain/navigation';

/**
 * A screen of the side menu opens only for a user whose menu offers it (the menu's own rule,
 * navigation.ts menuAllows); anyone else reaching it by URL goes to /unauthorized.
 */
export function MenuGuard({ to, children }: { to: string; children: ReactNode }) {
  const { user } = useSession();
  if (!menuAllows(user?.role, to)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
