/**
 * The reports dashboard (ours, docs/rules/reports.md; base /api/reports) as a typed extra method of the data
 * provider (see missionsApi.ts for why the extra methods are flat), made from its contract
 * (src/domain/reports/contracts.ts).
 *
 * | method           | call                                   |
 * |------------------|----------------------------------------|
 * | reportsDashboard | GET dashboard?start&end → Dashboard    |
 */
import { REPORT_CONTRACTS } from '../domain/reports/contracts';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createDashboardApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    reportsDashboard: (start: Date, end: Date, signal?: AbortSignal) =>
      call(REPORT_CONTRACTS.dashboard, { query: { start: start.toISOString(), end: end.toISOString() }, signal }),
  };
}
