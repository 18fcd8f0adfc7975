/**
 * Everything under /home/admin (registered by App.tsx as 'admin/*'): the admin home and the
 * catalogues' react-admin <Resource>s at the product's URLs — the simple lists /home/admin/{name}, the
 * advanced lists /home/admin/advanced/{name} and their child lists
 * /home/admin/advanced/{parent}/{id}/{child} (how the URLs map onto the resources:
 * resources/framework/routes.tsx). Tiles and routes both come from the declarations' `tile`, so a
 * new catalogue is one declaration in src/resources. /home/admin/advanced goes back to
 * /home/admin; anything else is unauthorized.
 */
import { useMemo, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { adminDeclarations, childDeclarations } from '../../resources';
import { buildResourceRoutes, useRegisterResources } from '../../resources/framework/routes';
import type { ResourceDeclaration } from '../../resources/framework/types';
import { ADMIN_BASE, TILE_GROUPS, tileOf } from './adminTiles';
import { AdminHome } from './AdminHome';
import { TileGuard } from './TileGuard';

export interface AdminRoutesProps {
  /** The admin home's catalogues, in tile order (default: the app's). */
  declarations?: readonly ResourceDeclaration[];
  /** Child lists by name (default: the app's). */
  registry?: Readonly<Record<string, ResourceDeclaration>>;
}

/** Each screen is guarded by the tile that opens it (child lists by their parent's tile). */
const guard = (top: ResourceDeclaration, screen: ReactElement) => <TileGuard see={tileOf(top).see}>{screen}</TileGuard>;

export function AdminSection({ declarations = adminDeclarations, registry = childDeclarations }: AdminRoutesProps) {
  useRegisterResources(declarations, registry);
  const routes = useMemo(
    () =>
      TILE_GROUPS.flatMap(({ group, base, pathPrefix }) =>
        buildResourceRoutes(
          declarations.filter((declaration) => tileOf(declaration).group === group),
          {
            pathPrefix,
            urlBase: base,
            backTo: ADMIN_BASE,
            registry,
            wrap: guard,
          },
        ),
      ),
    [declarations, registry],
  );
  return (
    <Routes>
      <Route index element={<AdminHome declarations={declarations} />} />
      <Route path="advanced" element={<Navigate to={ADMIN_BASE} replace />} />
      {routes}
      <Route path="*" element={<Navigate to="/unauthorized" replace />} />
    </Routes>
  );
}
