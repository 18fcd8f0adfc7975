import { canUseMissions } from '../../src/domain/permissions';
import { REPORT_CONTRACTS } from '../../src/domain/reports/contracts';
import { dashboardQuerySchema } from '../../src/domain/reports/dashboard';
import { forbidden } from '../errors/httpErrors';
import { viewerOf } from '../missions/viewer';
import { dashboardFigures } from './dashboardData';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { validBody } from '../shared/validation';
import { serves } from '../shared/serves';

/**
 * GET /api/reports/dashboard?start&end (ours, docs/rules/reports.md): the reports page's dashboard. Its own
 * plugin beside the billing reports so each stays one registration. Tenancy as the missions
 * service (viewer.ts), narrowed for providers to the missions they hold (dashboardData.ts); the
 * tech profile, which has no missions area, gets 403.
 */
export function dashboardHandlers({ db, now }: FeatureDeps) {
  return {
    dashboard: serves(REPORT_CONTRACTS.dashboard, async (request) => {
      const user = currentUser(request);
      if (!canUseMissions(user.role)) throw forbidden();
      const viewer = viewerOf(user);
      const query = await validBody(dashboardQuerySchema, request.query);
      return dashboardFigures(db, viewer, new Date(query.start), new Date(query.end), now());
    }),
  };
}
