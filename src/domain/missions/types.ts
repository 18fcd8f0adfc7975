/**
 * The missions service's records as the API sends them (docs/rules/missions.md: Mission request,
 * Proposal; docs/api.md
 * Missions) — one definition for the server's mappers and the screens.
 */
import type { RoleType } from '../roles';
import type { MissionSla } from './sla';
import type { MissionStatus, ProposalStatus, StoredMissionStatus } from './statuses';

/** Where the mission happens (docs/rules/missions.md: location; `number` is the complement). */
export interface MissionLocation {
  zipcode: string;
  address: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** A row of GET request/monitoring, as the caller may see it. */
export interface MissionRow {
  _id: string;
  processNumber: string | null;
  /**
   * What the row shows: the stored status, or 'rejected' ('Outro fornecedor definido') for a
   * provider that proposed on a mission another provider got.
   */
  status: MissionStatus;
  /**
   * The status as stored for the risk manager's users and admins; for a provider, as it sees it
   * (competition.ts): its own side's billing only, and null on a mission it lost.
   */
  storedStatus: StoredMissionStatus | null;
  finishingAsked: boolean;
  createdAt: string;
  /** dd/mm/aaaa hh:mm in America/Sao_Paulo. */
  createdAtDisplay: string;
  riskManager: string;
  riskManagerName: string;
  shipper: string;
  shipperName: string;
  franchise_plan: string;
  franchisePlanName: string;
  requester: string;
  requesterNameDisplay: string;
  serviceProvider: string | null;
  /** The holder's name, or 'Em leilão' while open without one. */
  serviceProviderName: string;
  location: MissionLocation;
  /** The place of the risk manager's catalogue ('Local'), when the mission names one. */
  place: NamedRef;
  /**
   * The caller's unread messages in the mission's chat (sent by others since it last read it),
   * counted up to UNREAD_COUNT_CAP; 0 when the caller may not read that chat.
   */
  unreadMessages: number;
  /** The calling provider's own proposal on this mission (null for other callers or none yet). */
  ownProposal: { _id: string; status: ProposalStatus } | null;
  /**
   * The phase clocks' moments and the tenant's targets (sla.ts computes the clock from them in the
   * browser); null for a provider on a mission it does not hold, which shows no clock.
   */
  sla: MissionSla | null;
}

/** A named reference (cause, carrier, place, leadership) or null when the mission has none. */
export type NamedRef = { _id: string; name: string } | null;

/** GET request/id/{id}: the row plus the other optional references. */
export interface MissionDetail extends MissionRow {
  cause: NamedRef;
  carrier: NamedRef;
  leadership: NamedRef;
}

/** GET request/monitoring (docs/api.md). `page` is 1-based. */
export interface MonitoringPage {
  data: MissionRow[];
  page: number;
  totalPages: number;
  total: number;
}

/** Rows per monitoring page. */
export const MONITORING_PAGE_SIZE = 20;

/**
 * The monitoring list's sortable columns (ours: docs/rules/missions.md sorts the generic lists by their
 * headers;
 * without a sort the list keeps the product's status order, newest first).
 */
export const MONITORING_SORTS = ['status', 'processNumber', 'shipper', 'place', 'createdAt', 'provider'] as const;
export type MonitoringSort = (typeof MONITORING_SORTS)[number];

export interface ProposalEta {
  /** hh:mm until arrival. */
  time: string;
  distanceInKm: number;
}

export type ProposalLocation = MissionLocation;

/** A proposal (docs/rules/missions.md). A search notice is pending without eta and location. */
export interface Proposal {
  _id: string;
  riskManager: string;
  serviceProvider: string;
  missionRequest: string;
  status: ProposalStatus;
  eta: ProposalEta | null;
  location: ProposalLocation | null;
  serviceProviderInfo: { name: string };
  createdAt: string;
}

/** The audit trail of one mission (the mission timeline). */
export const MISSION_EVENT_ACTIONS = [
  'created',
  'proposal_notice',
  'proposal_completed',
  'proposal_updated',
  'proposal_removed',
  'accepted',
  'finished',
  'canceled',
  'reopened',
  'finish_asked',
  'finish_request_canceled',
  'billed_shipper',
  'billed_provider',
  'sla_breached_proposal',
  'sla_breached_accept',
  'sla_breached_arrival',
  'sla_breached_execution',
  'sla_breached_billing',
  // A mission's sub-collections written while it runs (missionDetails/changes.ts names what changed).
  'vehicle_added',
  'vehicle_changed',
  'vehicle_removed',
  'occurrence_added',
  'occurrence_changed',
  'occurrence_removed',
  'agent_added',
  'agent_changed',
  'agent_removed',
  'attachment_added',
  'attachment_changed',
  'attachment_removed',
] as const;
export type MissionEventAction = (typeof MISSION_EVENT_ACTIONS)[number];

export const MISSION_EVENT_LABELS: Record<MissionEventAction, string> = {
  created: 'Missão criada',
  proposal_notice: 'Aviso de busca lançado',
  proposal_completed: 'Proposta enviada',
  proposal_updated: 'Proposta alterada',
  proposal_removed: 'Proposta removida',
  accepted: 'Proposta aceita; missão iniciada',
  finished: 'Missão finalizada',
  canceled: 'Missão cancelada',
  reopened: 'Missão reaberta',
  finish_asked: 'Finalização solicitada',
  finish_request_canceled: 'Solicitação de finalização cancelada',
  billed_shipper: 'Faturamento do cliente concluído',
  billed_provider: 'Faturamento da prestadora concluído',
  sla_breached_proposal: 'Prazo estourado: primeira proposta',
  sla_breached_accept: 'Prazo estourado: aceite',
  sla_breached_arrival: 'Prazo estourado: chegada no local',
  sla_breached_execution: 'Prazo estourado: execução',
  sla_breached_billing: 'Prazo estourado: faturamento',
  vehicle_added: 'Veículo adicionado',
  vehicle_changed: 'Veículo atualizado',
  vehicle_removed: 'Veículo deletado',
  occurrence_added: 'Ocorrência adicionada',
  occurrence_changed: 'Ocorrência atualizada',
  occurrence_removed: 'Ocorrência deletada',
  agent_added: 'Prestador (agente) adicionado',
  agent_changed: 'Prestador (agente) atualizado',
  agent_removed: 'Prestador (agente) deletado',
  attachment_added: 'Anexo adicionado',
  attachment_changed: 'Anexo atualizado',
  attachment_removed: 'Anexo deletado',
};

/** One field of a sub-collection item as it read before and after a write ('—': absent). */
export interface DetailFieldChange {
  field: string;
  before: string;
  after: string;
}

/** What a sub-collection event tells: the item by its name, and its fields that changed. */
export interface DetailChange {
  item: string;
  fields: DetailFieldChange[];
}

/** One entry of GET {id}/events, oldest first. Nothing updates or deletes an event. */
export interface MissionEvent {
  _id: string;
  missionRequest: string;
  action: MissionEventAction;
  fromStatus: StoredMissionStatus | null;
  toStatus: StoredMissionStatus | null;
  actor: { id: string; name: string; roleType: RoleType };
  /** The provider concerned (accepted, proposals), as a name to show. */
  serviceProviderName: string | null;
  /** A sub-collection event's item and changed fields; null for every other event. */
  change: DetailChange | null;
  createdAt: string;
}

/** Paths of the missions service, relative to API_BASES.missions (docs/api.md; `:id/events` is ours). */
export const MISSION_PATHS = {
  monitoring: 'request/monitoring',
  one: 'request/id/:id',
  create: 'request',
  status: 'request/:id/status',
  askFinish: ':id/askfinish',
  proposals: ':id/proposals',
  proposalCreate: 'proposals',
  proposalOne: 'proposals/:id',
  events: ':id/events',
} as const;
