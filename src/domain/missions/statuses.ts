/**
 * Mission and proposal statuses (docs/rules/missions.md): what is stored, what is shown, their labels and
 * the order the missions table sorts by.
 */
import type { RoleType } from '../roles';

/** The statuses a mission row holds in the database. */
export const STORED_MISSION_STATUSES = [
  'open',
  'started',
  'finished',
  'billed_shipper',
  'billed_provider',
  'billed',
  'canceled',
] as const;
export type StoredMissionStatus = (typeof STORED_MISSION_STATUSES)[number];

/**
 * Every status a screen may show: the stored ones plus `new` (a newly appeared open mission, a
 * client-side flag for providers), `rejected` (a provider's view of a mission given to another
 * provider) and the two finish-request pseudo statuses used as status-change actions.
 */
export const MISSION_STATUSES = [
  ...STORED_MISSION_STATUSES,
  'new',
  'rejected',
  'ask_finishing',
  'cancel_finishing',
] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const MISSION_STATUS_LABELS: Record<MissionStatus, string> = {
  new: 'Novo',
  open: 'Solicitado',
  started: 'Em andamento',
  billed_shipper: 'Faturado Cliente',
  billed_provider: 'Faturado Prestadora',
  billed: 'Faturado',
  finished: 'Finalizado',
  rejected: 'Outro fornecedor definido',
  canceled: 'Cancelado',
  // docs/rules/missions.md: no label is shown for these two.
  ask_finishing: '',
  cancel_finishing: '',
};

/** docs/rules/missions.md order weights: the missions table sorts by weight, then newest first. */
export const MISSION_STATUS_WEIGHTS: Record<MissionStatus, number> = {
  ask_finishing: -1,
  cancel_finishing: -1,
  new: 0,
  open: 0,
  started: 1,
  billed_shipper: 1,
  billed_provider: 1,
  billed: 1,
  finished: 2,
  rejected: 3,
  canceled: 5,
};

export const isStoredMissionStatus = (v: unknown): v is StoredMissionStatus =>
  typeof v === 'string' && (STORED_MISSION_STATUSES as readonly string[]).includes(v);

/** Statuses counted as billed for some party (the finished-like row actions apply to them). */
export const BILLED_STATUSES = ['billed_shipper', 'billed_provider', 'billed'] as const satisfies readonly StoredMissionStatus[];

/**
 * The legend ('Legendas') and the status filter: risk managers see every stored status (billed
 * included, docs/rules/tenancy-and-roles.md); others do not see the per-party billed statuses but do see
 * 'rejected'.
 */
const LEGEND_HIDDEN: Record<'risk_manager' | 'other', readonly MissionStatus[]> = {
  risk_manager: ['new', 'ask_finishing', 'cancel_finishing', 'rejected'],
  other: ['new', 'billed_shipper', 'billed_provider', 'ask_finishing', 'cancel_finishing'],
};

export function legendStatuses(roleType: RoleType | undefined): MissionStatus[] {
  const hidden = LEGEND_HIDDEN[roleType === 'risk_manager' ? 'risk_manager' : 'other'];
  return MISSION_STATUSES.filter((s) => !hidden.includes(s));
}

/** Proposal statuses (docs/rules/missions.md). */
export const PROPOSAL_STATUSES = ['pending', 'completed', 'canceled', 'approved', 'rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  pending: 'Buscando agente',
  completed: 'Completa',
  canceled: 'Cancelado',
  approved: 'Aprovado',
  rejected: 'Recusado',
};

/** The provider-name column of an open mission nobody holds yet (docs/rules/missions.md). */
export const IN_AUCTION_LABEL = 'Em leilão';
