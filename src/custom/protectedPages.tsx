/**
 * The hand-written screens of the protected area, registered by App.tsx inside <CustomRoutes>
 * (with the layout). Each entry is a component with a static `path` relative to /home; adding a
 * screen is one line here. Each page guards itself (e.g. the admin area by its tiles).
 *
 * The admin area, the theme editor, the audit trail, the users screen, the reports and the scorecards are loaded on first visit: most sessions
 * live on /home/missions, whose JavaScript budget (issue 7) should not carry the catalogue framework.
 * Their paths are repeated here because the component that declares them is in the lazy chunk.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../layout/Spinner';
import { withPath, type PageComponent } from './pageTypes';
import { MissionsSection } from './missions/MissionsSection';
import { REPORTS_ROUTE } from './reports/paths';

function lazyPage(path: string, load: () => Promise<{ default: ComponentType }>): PageComponent {
  const Page = lazy(load);
  return withPath(
    () => (
      <Suspense fallback={<Spinner />}>
        <Page />
      </Suspense>
    ),
    path,
  );
}

export const PROTECTED_PAGES: PageComponent[] = [
  MissionsSection,
  lazyPage(REPORTS_ROUTE, () => import('./reports/ReportsPage')),
  lazyPage('performance', () => import('./scorecards/ScorecardsPage')),
  lazyPage('performance/:providerId', () => import('./scorecards/ProviderScorecardPage')),
  lazyPage('admin/*', () => import('./admin/AdminSection').then((m) => ({ default: m.AdminSection }))),
  lazyPage('admin/theme', () => import('./theme/ThemeEditorPage')),
  lazyPage('admin/audit', () => import('./audit/AuditPage')),
  lazyPage('users/*', () => import('./users/UsersPage').then((m) => ({ default: m.UsersPage }))),
  lazyPage('account/security', () => import('./twoFactor/AccountSecurityPage')),
];
