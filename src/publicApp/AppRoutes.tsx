/**
 * The public pages of the route table (routes.tsx; docs/rules/screens.md), inside AppShell. Public
 * pages are small lazy chunks built from
 * React, MUI, react-router and the session code only (`/` is drawn by Root, without any of them);
 * everything under /home is one lazy chunk holding react-admin's <Admin> (which works inside this
 * router). So /login never downloads react-admin.
 *
 * Router imports come from 'react-router-dom', the package react-admin itself imports: under
 * vitest, 'react-router' and 'react-router-dom' load as two module instances with two contexts,
 * and <Admin> would then not see this router. (In the Vite build they are one.)
 */
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Splash } from '../layout/Splash';
import { PUBLIC_ROUTES } from './routes';

export function AppRoutes() {
  return (
    <Suspense fallback={<Splash />}>
      <Routes>
        {PUBLIC_ROUTES.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </Suspense>
  );
}
