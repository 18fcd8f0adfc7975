/**
 * The provider scorecards (ours; base /api/reports) and a running mission's cost meter (base
 * /api/v1/billing) as typed extra methods of the data provider (see missionsApi.ts for why they are flat).
 *
 * | method            | call                                                              |
 * |-------------------|-------------------------------------------------------------------|
 * | scorecardRanking  | GET scorecards?start&end → ScorecardRanking                       |
 * | providerScorecard | GET scorecards/{id}?start&end → ProviderScorecard                 |
 * | scorecardExcel    | GET scorecards[/{id}]/excel?start&end → the .xlsx and its name    |
 * | costMeter         | GET mission/{missionId}/meter → CostMeter (billing base)          |
 */
import { BILLING_CONTRACTS } from '../domain/billing/contracts';
import { fillPath } from '../domain/endpointPaths';
import { SCORECARD_PATHS, scorecardFileName, type ProviderScorecard, type ScorecardRanking } from '../domain/reports/scorecards';
import { createCall } from './call';
import type { HttpClient } from './httpClient';
import { fileNameOf } from './saveFile';

const period = (start: Date, end: Date) => ({ start: start.toISOString(), end: end.toISOString() });

export function createScorecardsApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    scorecardRanking: async (start: Date, end: Date, signal?: AbortSignal) =>
      (await httpClient<ScorecardRanking>('reports', SCORECARD_PATHS.ranking, { query: period(start, end), signal })).data,
    providerScorecard: async (provider: string, start: Date, end: Date, signal?: AbortSignal) =>
      (await httpClient<ProviderScorecard>('reports', fillPath(SCORECARD_PATHS.one, { id: provider }), { query: period(start, end), signal })).data,
    /** The ranking's workbook (`provider` null) or one provider's. */
    async scorecardExcel(provider: string | null, start: Date, end: Date): Promise<{ name: string; blob: Blob }> {
      const path = provider === null ? SCORECARD_PATHS.rankingExcel : fillPath(SCORECARD_PATHS.oneExcel, { id: provider });
      const query = period(start, end);
      const response = await httpClient<Blob>('reports', path, { query, responseType: 'blob' });
      return { name: fileNameOf(response.headers.get('Content-Disposition'), scorecardFileName(query.start, query.end)), blob: response.data };
    },
    costMeter: (missionId: string, signal?: AbortSignal) => call(BILLING_CONTRACTS.meter, { params: { id: missionId }, signal }),
  };
}
