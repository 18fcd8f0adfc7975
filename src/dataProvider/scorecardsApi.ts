/**
 * The provider scorecards (ours; base /api/reports) and a running mission's cost meter (base
 * /api/v1/billing) as typed extra methods of the data provider (see missionsApi.ts for why they are
 * flat), made from their contracts (src/domain/reports/contracts.ts, src/domain/billing/contracts.ts).
 *
 * | method            | call                                                              |
 * |-------------------|-------------------------------------------------------------------|
 * | scorecardRanking  | GET scorecards?start&end → ScorecardRanking                       |
 * | providerScorecard | GET scorecards/{id}?start&end → ProviderScorecard                 |
 * | scorecardExcel    | GET scorecards[/{id}]/excel?start&end → the .xlsx and its name    |
 * | costMeter         | GET mission/{missionId}/meter → CostMeter (billing base)          |
 */
import { BILLING_CONTRACTS } from '../domain/billing/contracts';
import { SCORECARD_CONTRACTS } from '../domain/reports/contracts';
import { scorecardFileName } from '../domain/reports/scorecards';
import { createCall } from './call';
import { createFileCall } from './fileCall';
import type { HttpClient } from './httpClient';
import { fileNameOf } from './saveFile';

const period = (start: Date, end: Date) => ({ start: start.toISOString(), end: end.toISOString() });

export function createScorecardsApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  const fileCall = createFileCall(httpClient);
  return {
    scorecardRanking: (start: Date, end: Date, signal?: AbortSignal) => call(SCORECARD_CONTRACTS.ranking, { query: period(start, end), signal }),
    providerScorecard: (provider: string, start: Date, end: Date, signal?: AbortSignal) =>
      call(SCORECARD_CONTRACTS.one, { params: { id: provider }, query: period(start, end), signal }),
    /** The ranking's workbook (`provider` null) or one provider's. */
    async scorecardExcel(provider: string | null, start: Date, end: Date): Promise<{ name: string; blob: Blob }> {
      const query = period(start, end);
      const response =
        provider === null
          ? await fileCall(SCORECARD_CONTRACTS.rankingExcel, { query })
          : await fileCall(SCORECARD_CONTRACTS.oneExcel, { params: { id: provider }, query });
      return { name: fileNameOf(response.headers.get('Content-Disposition'), scorecardFileName(query.start, query.end)), blob: response.data };
    },
    costMeter: (missionId: string, signal?: AbortSignal) => call(BILLING_CONTRACTS.meter, { params: { id: missionId }, signal }),
  };
}
