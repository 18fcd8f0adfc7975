/**
 * The reports dashboard (ours, docs/rules/reports.md; base /api/reports) as a typed extra method of the data
 * provider (see missionsApi.ts for why the extra methods are flat).
 *
 * | method           | call                                   |
 * |------------------|----------------------------------------|
 * | reportsDashboard | GET dashboard?start&end → Dashboard    |
 */
import { REPORT_PATHS } from '../domain/reports';
import type { Dashboard } from '../domain/reports/dashboard';
import type { HttpClient } from './httpClient';

export function createDashboardApi(httpClient: HttpClient) {
  return {
    reportsDashboard: async (start: Date, end: Date, signal?: AbortSignal) =>
      (await httpClient<Dashboard>('reports', REPORT_PATHS.dashboard, { query: { start: start.toISOString(), end: end.toISOString() }, signal }))
        .data,
  };
}
