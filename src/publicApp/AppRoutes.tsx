/**
 * The route table (docs/rules/screens.md), inside AppShell. Public pages are small lazy chunks built from
 * React, MUI, react-router and the session code only (`/` is drawn by Root, without any of them);
 * everything under /home is one lazy chunk holding react-admin's <Admin> (which works inside this
 * router). So /login never downloads react-admin.
 *
 * Router imports come from 'react-router-dom', the package react-admin itself imports: under
 * vitest, 'react-router' and 'react-router-dom' load as two module instances with two contexts,
 * and <Admin> would then not see this router. (In the Vite build they are one.)
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Splash } from '../layout/Splash';
import { LandingRoute } from './LandingRoute';
import { RequireSession } from './RequireSession';

const LoginPage = lazy(() => import('../custom/LoginPage'));

const ForgotPasswordPage = lazy(() => import('../custom/ForgotPasswordPage'));
const UnauthorizedPage = lazy(() => import('../custom/UnauthorizedPage'));
const AdminApp = lazy(() => import('../App'));

export function AppRoutes() {
  return (
    <Suspense fallback={<Splash />}>
      <Routes>
        <Route path="/" element={<LandingRoute />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forget-password" element={<ForgotPasswordPage />} />
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
        <Route
          path="/home/*"
          element={
            <RequireSession>
              <AdminApp />
            </RequireSession>
          }
        />
        <Route path="*" element={<UnauthorizedPage />} />
      </Routes>
    </Suspense>
  );
}
