/**
 * The missions service's calls (docs/api.md; base /api/missions) as typed extra methods of the
 * data provider, made from their contracts (src/domain/missions/contracts.ts): the answers' types
 * are the schemas' own. Used with `useDataProvider<AppDataProvider>()` and TanStack Query
 * (docs/architecture.md). They are flat methods, not a nested object, because react-admin's useDataProvider proxy treats
 * every property of the provider as a method.
 *
 * | method                 | call                                                          |
 * |------------------------|---------------------------------------------------------------|
 * | missionsMonitoring     | GET request/monitoring?page&start&end&status&q&sort&order → MonitoringPage |
 * | missionById            | GET request/id/{id} → MissionDetail                           |
 * | createMission          | POST request (New mission form values) → MissionDetail        |
 * | changeMissionStatus    | PUT request/{id}/status {missionRequest, serviceProvider?, status} |
 * | askMissionFinish       | POST {id}/askfinish (empty body)                              |
 * | cancelMissionFinish    | DELETE {id}/askfinish                                         |
 * | missionProposals       | GET {id}/proposals → Proposal[]                               |
 * | createProposal         | POST proposals {missionRequest, status, eta?, location?}      |
 * | updateProposal         | PUT proposals/{id} {eta, location}                            |
 * | deleteProposal         | DELETE proposals/{id}                                         |
 * | missionEvents          | GET {id}/events → MissionEvent[] (the timeline; ours)         |
 * | missionFiscalKeys      | GET request/{id}/fiscal-keys → the cargo's NF-e/CT-e/MDF-e keys (ours) |
 * | saveMissionFiscalKeys  | PUT request/{id}/fiscal-keys {nfe, cte, mdfe} (ours)          |
 */
import type { MonitoringSort, ProposalStatus, StatusChangeTarget } from '../domain/missions';
import { MISSION_CONTRACTS } from '../domain/missions/contracts';
import { FISCAL_KEY_CONTRACTS } from '../domain/missions/fiscalKeyContracts';
import type { FiscalKeys, NewMissionValues, ProposalFormValues } from '../domain/schemas';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export interface MonitoringFilter {
  page: number;
  /** ISO instants. */
  start?: string;
  end?: string;
  status?: string;
  /** Process number, plate, shipper, provider or a cargo access key. */
  q?: string;
  sort?: MonitoringSort;
  order?: 'ASC' | 'DESC';
}

/** Mutations accept the Idempotency-Key of their submission, so a repeated click is one write. */
export interface MutationOptions {
  idempotencyKey?: string;
}

export function createMissionsApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  const mission = (id: string) => ({ params: { id } });

  return {
    missionsMonitoring: (filter: MonitoringFilter, signal?: AbortSignal) => call(MISSION_CONTRACTS.monitoring, { query: { ...filter }, signal }),
    missionById: (id: string, signal?: AbortSignal) => call(MISSION_CONTRACTS.one, { ...mission(id), signal }),
    createMission: (values: NewMissionValues, options: MutationOptions = {}) =>
      call(MISSION_CONTRACTS.create, { body: values, idempotencyKey: options.idempotencyKey }),
    changeMissionStatus: (
      id: string,
      body: { status: StatusChangeTarget; serviceProvider?: string | null },
      options: MutationOptions = {},
    ) =>
      call(MISSION_CONTRACTS.status, {
        ...mission(id),
        // The provider is left out when there is none, as it always has been (the server reads null).
        body: { missionRequest: id, ...body },
        idempotencyKey: options.idempotencyKey,
      }),
    askMissionFinish: (id: string, options: MutationOptions = {}) =>
      call(MISSION_CONTRACTS.askFinish, { ...mission(id), body: {}, idempotencyKey: options.idempotencyKey }),
    cancelMissionFinish: (id: string, options: MutationOptions = {}) =>
      call(MISSION_CONTRACTS.cancelFinish, { ...mission(id), idempotencyKey: options.idempotencyKey }),
    missionProposals: (id: string, signal?: AbortSignal) => call(MISSION_CONTRACTS.proposals, { ...mission(id), signal }),
    createProposal: (
      body: { missionRequest: string; status: Extract<ProposalStatus, 'pending' | 'completed'> } & Partial<ProposalFormValues>,
      options: MutationOptions = {},
    ) => call(MISSION_CONTRACTS.proposalCreate, { body, idempotencyKey: options.idempotencyKey }),
    updateProposal: (id: string, body: ProposalFormValues, options: MutationOptions = {}) => {
      // The form's answer always completes the proposal; the status rides along as the interface
      // has always sent it, and the update's schema reads only eta and location.
      const completed = { ...body, status: 'completed' as const };
      return call(MISSION_CONTRACTS.proposalUpdate, { ...mission(id), body: completed, idempotencyKey: options.idempotencyKey });
    },
    deleteProposal: (id: string, options: MutationOptions = {}) =>
      call(MISSION_CONTRACTS.proposalDelete, { ...mission(id), idempotencyKey: options.idempotencyKey }),
    missionEvents: (id: string, signal?: AbortSignal) => call(MISSION_CONTRACTS.events, { ...mission(id), signal }),
    missionFiscalKeys: (id: string, signal?: AbortSignal) => call(FISCAL_KEY_CONTRACTS.read, { ...mission(id), signal }),
    saveMissionFiscalKeys: (id: string, keys: FiscalKeys, options: MutationOptions = {}) =>
      call(FISCAL_KEY_CONTRACTS.replace, { ...mission(id), body: keys, idempotencyKey: options.idempotencyKey }),
  };
}

export type MissionsApi = ReturnType<typeof createMissionsApi>;
