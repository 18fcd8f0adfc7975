import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  IN_AUCTION_LABEL,
  missionRowForProvider,
  type ProviderStanding,
  UNREAD_COUNT_CAP,
  type MissionDetail,
  type MissionLocation,
  type NamedRef,
  type ProposalStatus,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import type { Db } from '../db/client';
import {
  carriers,
  chatReads,
  missionMessages,
  causes,
  franchisePlans,
  leaderships,
  missions,
  places,
  proposals,
  requesters,
  riskManagers,
  serviceProviders,
  shippers,
} from '../db/schema';
import { SLA_SELECT, slaOf, type SlaRaw } from './slaColumns';
import { isoOf, rowsOf, visibleWhere, type Viewer } from './viewer';

/** A mission as the API sends it (MissionRow/MissionDetail of src/domain/missions/types.ts). */

interface RawRow extends SlaRaw {
  id: string;
  process_number: string | null;
  status: StoredMissionStatus;
  finishing_asked: boolean;
  created_at: Date | string;
  risk_manager_id: string;
  risk_manager_name: string;
  shipper_id: string;
  shipper_name: string;
  franchise_plan_id: string;
  franchise_plan_name: string;
  requester_id: string;
  requester_name: string;
  service_provider_id: string | null;
  service_provider_name: string | null;
  zipcode: string | null;
  address: string | null;
  number: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  own_proposal_id: string | null;
  own_proposal_status: ProposalStatus | null;
  unread_messages: number | null;
  cause_id: string | null;
  cause_name: string | null;
  carrier_id: string | null;
  carrier_name: string | null;
  place_id: string | null;
  place_name: string | null;
  leadership_id: string | null;
  leadership_name: string | null;
  version: string;
}

const SAO_PAULO = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/mm/aaaa hh:mm in America/Sao_Paulo (the table's "Data" column). */
export function createdAtDisplay(at: Date): string {
  const part = Object.fromEntries(SAO_PAULO.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

export function locationOf(row: Pick<RawRow, keyof MissionLocation>): MissionLocation {
  return {
    zipcode: row.zipcode ?? '',
    address: row.address ?? '',
    number: row.number ?? '',
    neighborhood: row.neighborhood ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    latitude: row.latitude ?? 0,
    longitude: row.longitude ?? 0,
  };
}

const named = (id: string | null, name: string | null): NamedRef => (id ? { _id: id, name: name ?? '' } : null);

/** The mission as stored; what a provider sees of it is decided by `seenBy`. */
/** A mission as stored; what a provider sees of it is decided by `seenBy`. */
export type StoredDetail = MissionDetail & { storedStatus: StoredMissionStatus };

function toDetail(row: RawRow): StoredDetail {
  const createdAt = new Date(row.created_at);
  return {
    _id: row.id,
    processNumber: row.process_number,
    status: row.status,
    storedStatus: row.status,
    finishingAsked: row.finishing_asked,
    createdAt: isoOf(row.created_at),
    createdAtDisplay: createdAtDisplay(createdAt),
    riskManager: row.risk_manager_id,
    riskManagerName: row.risk_manager_name,
    shipper: row.shipper_id,
    shipperName: row.shipper_name,
    franchise_plan: row.franchise_plan_id,
    franchisePlanName: row.franchise_plan_name,
    requester: row.requester_id,
    requesterNameDisplay: row.requester_name,
    serviceProvider: row.service_provider_id,
    serviceProviderName: row.service_provider_name ?? (row.status === 'open' ? IN_AUCTION_LABEL : ''),
    location: locationOf(row),
    unreadMessages: Number(row.unread_messages ?? 0),
    ownProposal:
      row.own_proposal_id && row.own_proposal_status ? { _id: row.own_proposal_id, status: row.own_proposal_status } : null,
    cause: named(row.cause_id, row.cause_name),
    carrier: named(row.carrier_id, row.carrier_name),
    place: named(row.place_id, row.place_name),
    leadership: named(row.leadership_id, row.leadership_name),
    sla: slaOf(row),
  };
}

/** A name by primary key, as a scalar subquery of the current `missions` row. */
const nameOf = (table: typeof shippers | typeof causes | typeof riskManagers | typeof franchisePlans | typeof serviceProviders, id: PgColumn) =>
  sql`(select ${table.name} from ${table} where ${table.id} = ${id})`;

/**
 * The viewer's unread chat messages of the current `missions` row: sent by someone else after its
 * read marker (chat_reads). Counted only up to UNREAD_COUNT_CAP (the badge shows '99+' beyond 99),
 * so a long chat costs one short index range (mission_messages_mission_created_idx) per row of the
 * page. 0 for a chat the viewer may not read (a provider reads those of the missions it holds).
 */
function unreadMessages(viewer: Viewer): SQL {
  const user = viewer.user.id;
  // missionActor's rule: a tenant's admin-role user (actor 'none') reads no chat.
  const readable =
    viewer.kind === 'provider'
      ? sql`${missions.serviceProvider} = ${viewer.provider}`
      : viewer.kind === 'all' || viewer.user.role.type === 'risk_manager'
        ? sql`true`
        : sql`false`;
  return sql`case when ${readable} then (select count(*)::int from (select 1 from ${missionMessages}
    where ${missionMessages.mission} = ${missions.id}
      and ${missionMessages.createdAt} > coalesce((select ${chatReads.lastReadAt} from ${chatReads}
        where ${chatReads.user} = ${user} and ${chatReads.mission} = ${missions.id}), '-infinity')
      and ${missionMessages.senderUser} is distinct from ${user}
    limit ${UNREAD_COUNT_CAP}) as unread) else 0 end`;
}

/**
 * The missions listed by `source` (a query yielding `id` and `ord`), in `ord` order, with every
 * name the screens show: one round trip. Names are scalar subqueries by primary key rather than
 * ten joins: the planner's join-order search over ten relations cost more than running the page
 * (docs/performance.md).
 */
async function seeMissions(db: Db, viewer: Viewer, source: SQL): Promise<MissionSeen[]> {
  const rows = await rowsOf<RawRow>(db, missionsQuery(viewer, source, true));
  return rows.flatMap((row) => seenBy(viewer, toDetail(row)) ?? []);
}

/** A mission as stored, before the competition rule (`seenBy`), and the version of what it was read from. */
export interface StoredMission {
  detail: StoredDetail;
  version: string;
}

/**
 * The missions listed by `source` as stored, each with its `version` (versionsQuery), and unread
 * counts left at 0: the rows are shared by every user of the viewer's scope (each user's own
 * counts come from unreadOf).
 */
export async function storedMissions(db: Db, viewer: Viewer, source: SQL): Promise<StoredMission[]> {
  const rows = await rowsOf<RawRow>(db, missionsQuery(viewer, source, false));
  return rows.map((row) => ({ detail: toDetail(row), version: row.version }));
}

/**
 * The ids listed by `source` in order with the version of everything their row is drawn from but
 * names: PostgreSQL's xmin of the mission row (every write of the row gives it a new one) and, for a
 * provider, of its own proposal. Names move the 'tenants' stamp instead (changeStamps.ts).
 */
export function versionsQuery(viewer: Viewer, source: SQL): SQL {
  return sql`select src.id, ${rowVersion(viewer)} as version from (${source}) as src
    join ${missions} on ${missions.id} = src.id order by src.ord`;
}

/** The provider's live proposal on the mission of the current `missions` row: `what` of it. */
function ownProposal(viewer: Viewer, what: SQL): SQL {
  const provider = viewer.kind === 'provider' ? viewer.provider : null;
  return sql`(select ${what} from ${proposals} where ${proposals.mission} = ${missions.id}
      and ${proposals.serviceProvider} = ${provider} and ${proposals.status} <> 'canceled')`;
}

const rowVersion = (viewer: Viewer): SQL =>
  viewer.kind === 'provider'
    ? sql`${missions}.xmin::text || ':' || coalesce(${ownProposal(viewer, sql`${proposals}.xmin::text`)}, '')`
    : sql`${missions}.xmin::text`;

/** The viewer's unread chat messages of each of `ids` (0 where it may not read the chat), in one round trip. */
export async function unreadOf(db: Db, viewer: Viewer, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; n: number }>(
    db,
    sql`select ${missions.id} as id, ${unreadMessages(viewer)} as n from ${missions} where ${missions.id} in ${ids}`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

function missionsQuery(viewer: Viewer, source: SQL, unread = true): SQL {
  return sql`select ${missions.id}, ${missions.processNumber}, ${missions.status}, ${missions.finishingAsked},
      ${missions.createdAt}, ${missions.riskManager}, ${nameOf(riskManagers, missions.riskManager)} as risk_manager_name,
      ${missions.shipper}, ${nameOf(shippers, missions.shipper)} as shipper_name, ${missions.franchisePlan},
      ${nameOf(franchisePlans, missions.franchisePlan)} as franchise_plan_name, ${missions.requester},
      ${nameOf(requesters, missions.requester)} as requester_name,
      ${missions.serviceProvider}, ${nameOf(serviceProviders, missions.serviceProvider)} as service_provider_name,
      ${missions.zipcode}, ${missions.address}, ${missions.number}, ${missions.neighborhood}, ${missions.city},
      ${missions.state}, ${missions.latitude}, ${missions.longitude},
      ${ownProposal(viewer, sql`${proposals.id}`)} as own_proposal_id, ${ownProposal(viewer, sql`${proposals.status}`)} as own_proposal_status,
      ${unread ? unreadMessages(viewer) : sql`0`} as unread_messages,
      ${missions.cause}, ${nameOf(causes, missions.cause)} as cause_name, ${missions.carrier},
      ${nameOf(carriers, missions.carrier)} as carrier_name, ${missions.place}, ${nameOf(places, missions.place)} as place_name,
      ${missions.leadership}, ${nameOf(leaderships, missions.leadership)} as leadership_name, ${rowVersion(viewer)} as version,
      ${SLA_SELECT}
    from (${source}) as src
    join ${missions} on ${missions.id} = src.id
    order by src.ord`;
}

/**
 * The one place every mission row and detail a provider reads passes through (the competition
 * rule of src/domain/missions/competition.ts); others see the mission as stored. `standing` is
 * null for them.
 */
export function seenBy(viewer: Viewer, detail: StoredDetail): MissionSeen | null {
  if (viewer.kind !== 'provider') return { row: detail, standing: null };
  return missionRowForProvider(detail, viewer.provider);
}

export interface MissionSeen {
  row: MissionDetail;
  /** The provider's standing on the mission; null for the risk manager's users and admins. */
  standing: Exclude<ProviderStanding, 'hidden'> | null;
}

/** One mission as `viewer` sees it with the viewer's standing on it, or null when it is not visible (→ 404). */
export async function seeMission(db: Db, viewer: Viewer, id: string): Promise<MissionSeen | null> {
  const [seen] = await seeMissions(
    db,
    viewer,
    sql`select ${missions.id} as id, 1 as ord from ${missions} where ${missions.id} = ${id} and ${visibleWhere(viewer)}`,
  );
  return seen ?? null;
}

/** One mission as `viewer` sees it, or null when it is not visible (→ 404). */
export async function loadMission(db: Db, viewer: Viewer, id: string): Promise<MissionDetail | null> {
  return (await seeMission(db, viewer, id))?.row ?? null;
}
