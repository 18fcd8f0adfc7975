/**
 * The reports service's mission calls (docs/rules/reports.md; base /api/reports) as typed extra methods of
 * the data provider (see missionsApi.ts for why they are flat).
 *
 * | method             | call                                                                   |
 * |--------------------|------------------------------------------------------------------------|
 * | missionReportPdf   | GET missionDetail/pdf?missionRequestId&type → the PDF as a Blob        |
 * | verifyMissionChain | GET missionDetail/verify?missionRequestId → ChainVerification (ours)   |
 */
import type { ReportKind } from '../domain/missions/rowActions';
import { REPORT_PATHS, type ChainVerification } from '../domain/reports';
import type { HttpClient } from './httpClient';

export function createMissionReportApi(httpClient: HttpClient) {
  return {
    missionReportPdf: async (missionId: string, kind: ReportKind, signal?: AbortSignal) =>
      (
        await httpClient<Blob>('reports', REPORT_PATHS.missionPdf, {
          query: { missionRequestId: missionId, type: kind },
          responseType: 'blob',
          signal,
        })
      ).data,
    verifyMissionChain: async (missionId: string, signal?: AbortSignal) =>
      (await httpClient<ChainVerification>('reports', REPORT_PATHS.missionVerify, { query: { missionRequestId: missionId }, signal }))
        .data,
  };
}
