/**
 * Everything under /home/admin (registered by App.tsx as 'admin/*'): the admin home, the simple
 * lists /home/admin/{name}, the advanced lists /home/admin/advanced/{name} and their child lists
 * /home/admin/advanced/{parent}/{id}/{child}. /home/admin/advanced goes back to /home/admin;
 * anything else is unauthorized.
 */
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ADMIN_TILES, type AdminTile } from '../../domain/permissions';
import { withPath } from '../pageTypes';
import { buildResourceRoutes } from '../../resources/framework/routes';
import type { ResourceDeclaration } from '../../resources/framework/types';
import { advancedDeclarations, childDeclarations, simpleDeclarations } from '../../resources';
import { ADMIN_BASE, ADVANCED_BASE } from './adminTiles';
import { AdminHome } from './AdminHome';
import { TileGuard } from './TileGuard';

const isTile = (name: string): name is AdminTile => (ADMIN_TILES as readonly string[]).includes(name);

/** Each screen is guarded by the tile that opens it (child lists by their parent's tile). */
const guard = (top: ResourceDeclaration, screen: ReactElement) => {
  if (!isTile(top.name)) throw new Error(`'${top.name}' não é um bloco da administração`);
  return <TileGuard tile={top.name}>{screen}</TileGuard>;
};

const simpleRoutes = buildResourceRoutes(simpleDeclarations, {
  pathPrefix: '',
  urlBase: ADMIN_BASE,
  backTo: ADMIN_BASE,
  registry: childDeclarations,
  wrap: guard,
});

const advancedRoutes = buildResourceRoutes(advancedDeclarations, {
  pathPrefix: 'advanced/',
  urlBase: ADVANCED_BASE,
  backTo: ADMIN_BASE,
  registry: childDeclarations,
  wrap: guard,
});

function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminHome />} />
      <Route path="advanced" element={<Navigate to={ADMIN_BASE} replace />} />
      {simpleRoutes}
      {advancedRoutes}
      <Route path="*" element={<Navigate to="/unauthorized" replace />} />
    </Routes>
  );
}

export const AdminSection = withPath(AdminRoutes, 'admin/*');
