/**
 * The reports service's mission calls (docs/rules/reports.md; base /api/reports) as typed extra methods of
 * the data provider (see missionsApi.ts for why they are flat), made from their contracts
 * (src/domain/reports/contracts.ts).
 *
 * | method             | call                                                                   |
 * |--------------------|------------------------------------------------------------------------|
 * | missionReportPdf   | GET missionDetail/pdf?missionRequestId&type → the PDF as a Blob        |
 * | verifyMissionChain | GET missionDetail/verify?missionRequestId → ChainVerification (ours)   |
 */
import type { ReportKind } from '../domain/missions/rowActions';
import { REPORT_CONTRACTS } from '../domain/reports/contracts';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createMissionReportApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    missionReportPdf: (missionId: string, kind: ReportKind, signal?: AbortSignal) =>
      call(REPORT_CONTRACTS.missionPdf, { query: { missionRequestId: missionId, type: kind }, signal }),
    verifyMissionChain: (missionId: string, signal?: AbortSignal) =>
      call(REPORT_CONTRACTS.missionVerify, { query: { missionRequestId: missionId }, signal }),
  };
}
