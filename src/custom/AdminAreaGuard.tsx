import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../authProvider/useSession';
import { canOpenAdminArea } from '../domain/navigation';

/** Paths under /home/admin need the admin area for the user's role; otherwise /unauthorized. */
export function AdminAreaGuard({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!canOpenAdminArea(user?.role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
