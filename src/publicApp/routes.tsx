/**
 * Every screen's URL and the component that draws it, in one table (docs/architecture.md, "Onde
 * está o quê"). PUBLIC_ROUTES are drawn by publicApp/AppRoutes.tsx, outside react-admin; HOME_ROUTES,
 * relative to /home, by App.tsx inside react-admin's <Admin> (its layout and session), which gets
 * them from here. The catalogue
 * screens below 'admin/*' and 'users/*' are generated from their declarations in src/resources.
 *
 * Each page is its own lazy chunk: /login never downloads react-admin, and /home/missions, where
 * most sessions live, does not carry the catalogue screens (docs/performance.md). This module
 * itself holds only the table.
 */
import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { ScreenRoute } from '../layout/screenRoute';
import { MenuGuard } from '../custom/MenuGuard';
import { REPORTS_ROUTE } from '../custom/reports/paths';
import { MISSIONS_BASE } from '../domain/navigation';
import { LandingRoute } from './LandingRoute';
import { RequireSession } from './RequireSession';
import { Spinner } from '../layout/Spinner';


type Module = Promise<{ default: ComponentType }>;

/** A lazily loaded page, with `fallback` while its chunk downloads. */
function lazyPage(load: () => Module, fallback: ReactNode = <Spinner />): ReactElement {
  const Page = lazy(load);
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

/** The missions screens open only for a user whose side menu offers them. */
const missionsPage = (load: () => Module) => <MenuGuard to={MISSIONS_BASE}>{lazyPage(load)}</MenuGuard>;

const unauthorized = <Navigate to="/unauthorized" replace />;
const UnauthorizedPage = () => lazyPage(() => import('../custom/UnauthorizedPage'), null);

/** URLs relative to /home. Pages other than the missions' check their own permission. */
export const HOME_ROUTES: ScreenRoute[] = [
  { path: 'missions', element: missionsPage(() => import('../custom/missions/MissionsScreen')) },
  { path: 'missions/:missionId/details/:status', element: missionsPage(() => import('../custom/missionDetails/MissionDetailsPage').then((m) => ({ default: m.MissionDetailsPage }))) },
  { path: 'missions/:missionId/chat/:status', element: missionsPage(() => import('../custom/chat/ChatPage').then((m) => ({ default: m.ChatPage }))) },
  // Billing without its type (shipper or serviceProvider) goes back to the missions.
  { path: 'missions/:missionId/billing', element: <Navigate to={MISSIONS_BASE} replace /> },
  { path: 'missions/:missionId/billing/:billingType', element: missionsPage(() => import('../custom/billing/BillingPage').then((m) => ({ default: m.BillingPage }))) },
  { path: 'missions/*', element: unauthorized },
  { path: REPORTS_ROUTE, element: lazyPage(() => import('../custom/reports/ReportsPage')) },
  { path: 'performance', element: lazyPage(() => import('../custom/scorecards/ScorecardsPage')) },
  { path: 'performance/:providerId', element: lazyPage(() => import('../custom/scorecards/ProviderScorecardPage')) },
  // The admin home and the catalogues' screens, generated from src/resources.
  { path: 'admin/*', element: lazyPage(() => import('../custom/admin/AdminSection').then((m) => ({ default: m.AdminSection }))) },
  { path: 'admin/theme', element: lazyPage(() => import('../custom/theme/ThemeEditorPage')) },
  { path: 'admin/audit', element: lazyPage(() => import('../custom/audit/AuditPage')) },
  { path: 'admin/privacy', element: lazyPage(() => import('../custom/privacy/PrivacyPage')) },
  // The users catalogue, generated from its declaration in src/resources.
  { path: 'users/*', element: lazyPage(() => import('../custom/users/UsersPage').then((m) => ({ default: m.UsersPage }))) },
  { path: 'devices', element: lazyPage(() => import('../custom/devices/DevicesPage')) },
  { path: 'integracoes', element: lazyPage(() => import('../custom/integrations/IntegrationsPage')) },
  { path: 'agents', element: lazyPage(() => import('../custom/agents/AgentsPage')) },
  { path: 'account/security', element: lazyPage(() => import('../custom/twoFactor/AccountSecurityPage')) },
];

const AdminApp = lazy(() => import('../App'));

/** Absolute URLs, outside the signed-in area (the Suspense around them shows the splash). */
export const PUBLIC_ROUTES: ScreenRoute[] = [
  // Drawn without react-admin or MUI's heavier parts: the landing's first paint.
  { path: '/', element: <LandingRoute /> },
  { path: '/login', element: lazyPage(() => import('../custom/LoginPage'), null) },
  { path: '/forget-password', element: lazyPage(() => import('../custom/ForgotPasswordPage'), null) },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
  // The signed-in area: react-admin's <Admin> with HOME_ROUTES (App.tsx).
  {
    path: '/home/*',
    element: (
      <RequireSession>
        <Suspense fallback={null}>
          <AdminApp routes={HOME_ROUTES} />
        </Suspense>
      </RequireSession>
    ),
  },
  { path: '*', element: <UnauthorizedPage /> },
];
