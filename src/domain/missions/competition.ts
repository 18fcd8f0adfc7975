/**
 * What a service provider may know of a mission (docs/rules/competition.md: a mission that is neither open nor
 * canceled and has no provider for the caller shows 'Outro fornecedor definido'; docs/architecture.md,
 * Competition). The providers of one risk manager bid against each other, so a provider learns
 * what it needs to bid and to run the missions it holds, and nothing of its competitors: not who
 * else bid, not who won, not what happened after it lost. The risk manager's billing of the
 * shipper is not the provider's business either: the holder sees its own side only.
 *
 * Written once here and applied by the server to every read that reaches a provider (mission rows,
 * details, timeline, live events, PDFs, reports, dashboard, billing); the missions screen reads the
 * projected rows as they come.
 */
import type { RoleType } from '../roles';
import type { ReportKind } from './rowActions';
import { slaSeenByHolder } from './sla';
import type { MissionEventAction } from './eventActions';
import type { MissionRow } from './types';
import { isStoredMissionStatus, MISSION_STATUS_WEIGHTS, STORED_MISSION_STATUSES, type MissionStatus, type StoredMissionStatus } from './statuses';

/**
 * The provider's standing on one mission:
 * - 'holder': it runs the mission (its proposal was accepted);
 * - 'auction': nobody holds it: open, or canceled before anyone got it while this provider bid;
 * - 'lost': another provider holds it and this one had bid ('Outro fornecedor definido');
 * - 'hidden': none of its business (held by another without a bid from this one, or canceled
 *   before anyone got it without a bid from this one).
 */
export type ProviderStanding = 'holder' | 'auction' | 'lost' | 'hidden';

/** The facts the standing is decided by. `bid`: the provider has a proposal on it that it did not withdraw. */
export interface CompetitionFacts {
  status: StoredMissionStatus;
  serviceProvider: string | null;
  bid: boolean;
}

export function providerStanding(facts: CompetitionFacts, provider: string): ProviderStanding {
  if (facts.serviceProvider === provider) return 'holder';
  if (facts.serviceProvider === null) return facts.status === 'open' || facts.bid ? 'auction' : 'hidden';
  return facts.bid ? 'lost' : 'hidden';
}

/**
 * The stored status as the holder sees it: its own side's billing only. The shipper's side being
 * billed changes nothing for it ('billed_shipper' reads 'finished'); its own side billed reads
 * 'billed' whatever the shipper's side ('billed_provider' and 'billed').
 */
const HOLDER_STATUS: Record<StoredMissionStatus, StoredMissionStatus> = {
  open: 'open',
  started: 'started',
  finished: 'finished',
  billed_shipper: 'finished',
  billed_provider: 'billed',
  billed: 'billed',
  canceled: 'canceled',
};

export const holderStatus = (stored: StoredMissionStatus): StoredMissionStatus => HOLDER_STATUS[stored];

/** The stored statuses a holder sees as `shown` (a status filter of a provider's list or report). */
export const storedStatusesShownToHolderAs = (shown: string): StoredMissionStatus[] =>
  STORED_MISSION_STATUSES.filter((stored) => HOLDER_STATUS[stored] === shown);

/** The weight a holder's list sorts by: its own status's (docs/rules/competition.md order weights). */
export const holderStatusWeight = (stored: StoredMissionStatus): number => MISSION_STATUS_WEIGHTS[HOLDER_STATUS[stored]];

/**
 * The status the provider sees: the holder's view, 'rejected' when it lost, the stored status while
 * nobody holds it; null when the mission is none of its business.
 */
export function providerStatus(facts: CompetitionFacts, provider: string): MissionStatus | null {
  switch (providerStanding(facts, provider)) {
    case 'holder':
      return holderStatus(facts.status);
    case 'auction':
      return facts.status;
    case 'lost':
      return 'rejected';
    case 'hidden':
      return null;
  }
}

/**
 * Which providers see each kind of event, by their standing: the holder everything about running
 * the mission but the shipper's billing; a provider in the auction its creation and a cancelation
 * before anyone got it; the one that lost only the creation (it learns it lost from the status);
 * bids ('own') only the provider that made them. A Record, so a new action cannot be added without
 * deciding who sees it.
 */
const EVENT_AUDIENCE: Record<MissionEventAction, 'own' | readonly ProviderStanding[]> = {
  created: ['holder', 'auction', 'lost'],
  proposal_notice: 'own',
  proposal_completed: 'own',
  proposal_updated: 'own',
  proposal_removed: 'own',
  accepted: ['holder'],
  finished: ['holder'],
  canceled: ['holder', 'auction'],
  reopened: ['holder'],
  finish_asked: ['holder'],
  finish_request_canceled: ['holder'],
  billed_shipper: [],
  billed_provider: ['holder'],
  // Breaches name the holder only for the phases it answers for (PROVIDER_SLA_PHASES, sla.ts).
  sla_breached_proposal: [],
  sla_breached_accept: [],
  sla_breached_arrival: 'own',
  sla_breached_execution: 'own',
  sla_breached_billing: [],
  // The items of a running mission: its holder's business (who may read the mission), no one else's.
  vehicle_added: ['holder'],
  vehicle_changed: ['holder'],
  vehicle_removed: ['holder'],
  occurrence_added: ['holder'],
  occurrence_changed: ['holder'],
  occurrence_removed: ['holder'],
  agent_added: ['holder'],
  agent_changed: ['holder'],
  agent_removed: ['holder'],
  attachment_added: ['holder'],
  attachment_changed: ['holder'],
  attachment_removed: ['holder'],
  team_arrived: ['holder'],
  team_left: ['holder'],
  // The team's own alarm and who answered it: the holder's business only (docs/rules/alarms.md).
  sos_raised: ['holder'],
  silence_raised: ['holder'],
  alarm_acknowledged: ['holder'],
  // The cargo's documents: the holder carries the cargo; a competitor, even one that bid, never learns of them.
  fiscal_keys_changed: ['holder'],
};

/**
 * What deciding an event's visibility needs: its action and the provider it is about (bids,
 * acceptance, billing). The action is text as stored; one this rule does not know is seen by no provider.
 */
export interface CompetitionEvent {
  action: string;
  serviceProvider: string | null;
}

/** Whether the provider sees an event of the mission's timeline (GET {id}/events, the PDF, the live stream). */
export function providerSeesEvent(event: CompetitionEvent, standing: ProviderStanding, provider: string): boolean {
  if (standing === 'hidden' || !Object.hasOwn(EVENT_AUDIENCE, event.action)) return false;
  const audience = EVENT_AUDIENCE[event.action as MissionEventAction];
  return audience === 'own' ? event.serviceProvider === provider : audience.includes(standing);
}

/**
 * Who a mission document (the PDF) is written for. The holder's documents never name a competitor:
 * whatever a provider downloads, and the 'Prestadora' kind whoever downloads it (the risk manager
 * hands it to the holder), print the mission as its holder sees it. The other kinds the risk
 * manager's users download go to the client: they name the holder only (eventsForClient).
 */
export const documentReader = (kind: ReportKind, viewerIsProvider: boolean): 'holder' | 'client' =>
  viewerIsProvider || kind === 'provider' ? 'holder' : 'client';

const PROPOSAL_ACTIONS: ReadonlySet<string> = new Set<MissionEventAction>(['proposal_notice', 'proposal_completed', 'proposal_updated', 'proposal_removed']);

/**
 * The timeline of a document for the client: every event but those about a provider other than
 * the holder (its bids). How many bid is told instead by proposalsReceived.
 */
export const eventsForClient = <T extends CompetitionEvent>(events: T[], holder: string | null): T[] =>
  events.filter((e) => e.serviceProvider === null || e.serviceProvider === holder);

/** How many providers sent a proposal on the mission (the holder included), from its events. */
export const proposalsReceived = (events: readonly CompetitionEvent[]): number =>
  new Set(events.filter((e) => PROPOSAL_ACTIONS.has(e.action)).map((e) => e.serviceProvider)).size;

/** What the live stream tells a provider of one event: the action when it may see it, or only that the mission changed. */
export interface ProviderLiveNotice {
  /** Null: the mission changed for this provider (it left the auction), with nothing about how. */
  action: MissionEventAction | null;
  /** The status it now sees; null when the mission left its list. */
  status: MissionStatus | null;
}

/**
 * The live notice of an event for a provider, or null when it hears nothing. A mission leaving the
 * auction (accepted or canceled) is announced to every provider that saw it open, so their lists
 * drop it or show 'Outro fornecedor definido' at once; those who may not know how it left hear
 * only that it did.
 */
export function providerLiveNotice(
  event: CompetitionEvent & { action: MissionEventAction; fromStatus: StoredMissionStatus | null; toStatus: StoredMissionStatus | null },
  facts: CompetitionFacts,
  provider: string,
): ProviderLiveNotice | null {
  const standing = providerStanding(facts, provider);
  const status = providerStatus(facts, provider);
  if (providerSeesEvent(event, standing, provider)) return { action: event.action, status };
  if (event.fromStatus === 'open' && event.toStatus !== 'open') return { action: null, status };
  return null;
}

/** A mission row with the provider's standing on it, as the server projects it. */
export interface SeenMission<T extends MissionRow> {
  row: T;
  standing: Exclude<ProviderStanding, 'hidden'>;
}

/**
 * A mission row (or detail) as the provider sees it, from the row the server read (stored status,
 * holder, the provider's own live proposal); null when it is none of its business. The one that
 * lost sees 'Outro fornecedor definido' with its own proposal and the mission as it bid on it:
 * no holder, no finish request, no stored status, no chat.
 */
export function missionRowForProvider<T extends MissionRow>(row: T & { storedStatus: StoredMissionStatus }, provider: string): SeenMission<T> | null {
  const facts = { status: row.storedStatus, serviceProvider: row.serviceProvider, bid: row.ownProposal !== null };
  const standing = providerStanding(facts, provider);
  switch (standing) {
    case 'holder': {
      const status = holderStatus(row.storedStatus);
      return { standing, row: { ...row, status, storedStatus: status, sla: row.sla && slaSeenByHolder(row.sla) } };
    }
    case 'auction':
      return { standing, row: { ...row, finishingAsked: false, unreadMessages: 0, sla: null } };
    case 'lost':
      return {
        standing,
        row: {
          ...row,
          status: 'rejected',
          storedStatus: null,
          finishingAsked: false,
          serviceProvider: null,
          serviceProviderName: '',
          unreadMessages: 0,
          sla: null,
        },
      };
    case 'hidden':
      return null;
  }
}

/**
 * The stored status of a mission the caller may read as its own (billing, details): a provider
 * reaches those only as the holder, so it gets the holder's view.
 */
export const statusSeenBy = (viewer: { role: { type: RoleType } }, stored: StoredMissionStatus): StoredMissionStatus =>
  viewer.role.type === 'service_provider' ? holderStatus(stored) : stored;

/**
 * An event's recorded status (from/to) as the holder sees it. Generic over the text type the event
 * carries (StoredMissionStatus on the server's rows, plain text in the hash chain's form); the
 * mapping stays within the stored statuses, so within that type.
 */
export const holderStatusText = <S extends string | null>(status: S): S =>
  (isStoredMissionStatus(status) ? holderStatus(status) : status) as S;
