import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import type { AdminTileDeclaration } from '../../resources/framework/types';
import { useCurrentUser } from '../../authProvider/useCurrentUser';

/** An admin screen opens only for a user whose home shows its tile (docs/rules/catalogues.md, docs/rules/tenancy-and-roles.md). */
export function TileGuard({ see, children }: { see: AdminTileDeclaration['see']; children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user || !see(user)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
