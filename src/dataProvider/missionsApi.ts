/**
 * The missions service's calls (docs/api.md; base /api/missions) as typed extra methods of the
 * data provider, used with `useDataProvider<AppDataProvider>()` and TanStack Query (docs/architecture.md).
 * They are flat methods, not a nested object, because react-admin's useDataProvider proxy treats
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
 */
import { fillPath } from '../domain/endpointPaths';
import {
  MISSION_PATHS,
  type MissionDetail,
  type MissionEvent,
  type MonitoringPage,
  type MonitoringSort,
  type Proposal,
  type ProposalStatus,
  type StatusChangeTarget,
} from '../domain/missions';
import type { NewMissionValues, ProposalFormValues } from '../domain/schemas';
import type { HttpClient } from './httpClient';

export interface MonitoringFilter {
  page: number;
  /** ISO instants. */
  start?: string;
  end?: string;
  status?: string;
  /** Process number, plate, shipper or provider. */
  q?: string;
  sort?: MonitoringSort;
  order?: 'ASC' | 'DESC';
}

/** Mutations accept the Idempotency-Key of their submission, so a repeated click is one write. */
export interface MutationOptions {
  idempotencyKey?: string;
}

export function createMissionsApi(httpClient: HttpClient) {
  const path = (key: keyof typeof MISSION_PATHS, id?: string) => fillPath(MISSION_PATHS[key], { id });
  const get = async <T>(p: string, query?: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    (await httpClient<T>('missions', p, { query, signal })).data;
  const send = async <T>(method: 'POST' | 'PUT' | 'DELETE', p: string, body: unknown, options: MutationOptions = {}) =>
    (await httpClient<T>('missions', p, { method, body, idempotencyKey: options.idempotencyKey })).data;

  return {
    missionsMonitoring: (filter: MonitoringFilter, signal?: AbortSignal) =>
      get<MonitoringPage>(path('monitoring'), { ...filter }, signal),
    missionById: (id: string, signal?: AbortSignal) => get<MissionDetail>(path('one', id), undefined, signal),
    createMission: (values: NewMissionValues, options?: MutationOptions) =>
      send<MissionDetail>('POST', path('create'), values, options),
    changeMissionStatus: (
      id: string,
      body: { status: StatusChangeTarget; serviceProvider?: string | null },
      options?: MutationOptions,
    ) => send<MissionDetail>('PUT', path('status', id), { missionRequest: id, ...body }, options),
    askMissionFinish: (id: string, options?: MutationOptions) => send<MissionDetail>('POST', path('askFinish', id), {}, options),
    cancelMissionFinish: (id: string, options?: MutationOptions) =>
      send<MissionDetail>('DELETE', path('askFinish', id), undefined, options),
    missionProposals: (id: string, signal?: AbortSignal) => get<Proposal[]>(path('proposals', id), undefined, signal),
    createProposal: (
      body: { missionRequest: string; status: Extract<ProposalStatus, 'pending' | 'completed'> } & Partial<ProposalFormValues>,
      options?: MutationOptions,
    ) => send<Proposal>('POST', path('proposalCreate'), body, options),
    updateProposal: (id: string, body: ProposalFormValues, options?: MutationOptions) =>
      send<Proposal>('PUT', path('proposalOne', id), { ...body, status: 'completed' }, options),
    deleteProposal: (id: string, options?: MutationOptions) => send<void>('DELETE', path('proposalOne', id), undefined, options),
    missionEvents: (id: string, signal?: AbortSignal) => get<MissionEvent[]>(path('events', id), undefined, signal),
  };
}

export type MissionsApi = ReturnType<typeof createMissionsApi>;
