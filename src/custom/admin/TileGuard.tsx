import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { canSeeAdminTile, type AdminTile } from '../../domain/permissions';
import { Spinner } from '../../resources/framework/Spinner';
import { useCurrentUser } from '../../resources/framework/useCurrentUser';

/** An admin screen opens only for a role whose home shows its tile (spec 2 and 6). */
export function TileGuard({ tile, children }: { tile: AdminTile; children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!canSeeAdminTile(tile, user?.role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
