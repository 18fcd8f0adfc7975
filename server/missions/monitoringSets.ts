import { sql, type SQL } from 'drizzle-orm';
import {
  holderStatusWeight,
  isStoredMissionStatus,
  MISSION_STATUS_WEIGHTS,
  STORED_MISSION_STATUSES,
  storedStatusesShownToHolderAs,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import type { MonitoringQuery } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { missions, proposals } from '../db/schema';
import { rowsOf, type Viewer } from './viewer';

/**
 * The sets of missions each viewer sees on the monitoring screen, as SQL shared by its page
 * (monitoring.ts) and its total (monitoringTotal.ts).
 */
/** 'new' is the screen's flag for a newly seen open mission: filtering by it means open ones. */
export const storedFilter = (status: string | undefined) => (status === 'new' ? 'open' : status);

/** Creation times a count or page covers: from and to inclusive (the screen's filter), before exclusive. */
export interface CreatedRange {
  from?: Date;
  to?: Date;
  before?: Date;
}

export const rangeOf = (query: MonitoringQuery): CreatedRange => ({
  from: query.start ? new Date(query.start) : undefined,
  to: query.end ? new Date(query.end) : undefined,
});

function datesOn(column: typeof missions.createdAt | typeof proposals.missionCreatedAt, range: CreatedRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(sql`${column} >= ${range.from}`);
  if (range.to) conditions.push(sql`${column} <= ${range.to}`);
  if (range.before) conditions.push(sql`${column} < ${range.before}`);
  return conditions;
}

export const all = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** The condition of a set's mission column on `within`, when there is one. */
const withinOn = (column: typeof missions.id | typeof proposals.mission, within: SQL | undefined): SQL[] => (within ? [sql`${column} in (${within})`] : []);

const hasDates = (range: CreatedRange) => range.from !== undefined || range.to !== undefined || range.before !== undefined;

/**
 * Every weight a stored status has (missions.status_weight, holder_weight), for counting a date
 * range: the weight sits before the creation time in the indexes (missions.ts), so without it
 * PostgreSQL 15 reads the range's condition on every entry of the tenant or the provider (a whole
 * history to count a day: 4,100 pages at 100,000 missions); with the list it reads, for each
 * weight, only the entries inside the range.
 */
const STATUS_WEIGHTS = [...new Set(STORED_MISSION_STATUSES.map((status) => MISSION_STATUS_WEIGHTS[status]))];
const HOLDER_WEIGHTS = [...new Set(STORED_MISSION_STATUSES.map(holderStatusWeight))];
const weightIn = (column: typeof missions.statusWeight | typeof missions.holderWeight, weights: number[]) =>
  sql`${column} in (${sql.join(weights.map((w) => sql.raw(String(w))), sql`, `)})`;

/**
 * The stored statuses of the held missions a provider's status filter asks for: undefined for no
 * filter, null when no held mission can show that status (e.g. 'billed_shipper', which a holder
 * never sees, or 'rejected').
 */
export function heldStatusFilter(status: string | undefined): StoredMissionStatus[] | undefined | null {
  if (status === undefined) return undefined;
  const stored = storedStatusesShownToHolderAs(status);
  return stored.length > 0 ? stored : null;
}

/**
 * A provider's four sets: the first three are tallied (server/missions/monitoringTotal.ts),
 * the missions canceled under its live proposals are not.
 */
export type ProviderSets = 'all' | 'tallied' | 'untallied';

/**
 * Each set as (id, w, created_at), already filtered; `limit` cuts it at the page's end, `within` (a
 * subquery of mission ids: what a search found) keeps only those, read from them.
 */
export function providerBranches(
  viewer: Extract<Viewer, { kind: 'provider' }>,
  status: string | undefined,
  range: CreatedRange,
  limit: number | null,
  sets: ProviderSets = 'all',
  within?: SQL,
): SQL[] {
  const dates = [...datesOn(missions.createdAt, range), ...withinOn(missions.id, within)];
  // A count (no limit) needs no order: sorting a provider's 40,000 held missions cost more than counting them.
  const order = (by: SQL) => (limit === null ? sql`` : sql` order by ${by} limit ${limit}`);
  const branches: SQL[] = [];
  const tallied = sets !== 'untallied';
  if (tallied && (status === undefined || status === 'open')) {
    branches.push(sql`(select ${missions.id} as id, ${missions.statusWeight} as w, ${missions.createdAt} as created_at
      from ${missions} where ${all([sql`${missions.riskManager} = ${viewer.riskManager}`, sql`${missions.statusWeight} = 0`, ...dates])}
      ${order(sql`${missions.createdAt} desc nulls last, ${missions.id} desc nulls last`)})`);
  }
  // Held: in the order and with the statuses the holder sees (competition.ts: not the shipper's billing).
  const heldStatuses = heldStatusFilter(status);
  if (tallied && heldStatuses !== null) {
    const held = [sql`${missions.serviceProvider} = ${viewer.provider}`, sql`${missions.riskManager} = ${viewer.riskManager}`, ...dates];
    if (heldStatuses !== undefined) held.push(sql`${missions.status} in ${heldStatuses}`);
    if (limit === null && hasDates(range)) held.push(weightIn(missions.holderWeight, heldStatuses === undefined ? HOLDER_WEIGHTS : [...new Set(heldStatuses.map(holderStatusWeight))]));
    branches.push(sql`(select ${missions.id} as id, ${missions.holderWeight} as w, ${missions.createdAt} as created_at
      from ${missions} where ${all(held)}
      ${order(sql`${missions.holderWeight}, ${missions.createdAt} desc nulls last, ${missions.id} desc nulls last`)})`);
  }
  // Lost: another provider got it, so this one's proposal was rejected when it was accepted (weight 3).
  if (tallied && (status === undefined || status === 'rejected')) {
    const lost = [
      sql`${proposals.serviceProvider} = ${viewer.provider}`,
      sql`${proposals.status} = 'rejected'`,
      ...datesOn(proposals.missionCreatedAt, range),
      ...withinOn(proposals.mission, within),
    ];
    branches.push(sql`(select ${proposals.mission} as id, 3 as w, ${proposals.missionCreatedAt} as created_at
      from ${proposals} where ${all(lost)}
      ${order(sql`${proposals.missionCreatedAt} desc nulls last, ${proposals.mission} desc nulls last`)})`);
  }
  // Canceled before anyone got it, while this provider's proposal was live: shown as canceled.
  // Read from the partial index of its live proposals on dropped missions (migration 0032): looking
  // up the mission of each live proposal instead cost hundreds of lookups per recount (docs/performance.md).
  if (sets !== 'tallied' && (status === undefined || status === 'canceled')) {
    const dropped = [
      sql`${proposals.serviceProvider} = ${viewer.provider}`,
      sql`${proposals.missionDropped}`,
      sql`${proposals.status} in ('pending', 'completed')`,
      ...datesOn(proposals.missionCreatedAt, range),
      ...withinOn(proposals.mission, within),
    ];
    branches.push(sql`(select ${proposals.mission} as id, ${MISSION_STATUS_WEIGHTS.canceled}::int as w, ${proposals.missionCreatedAt} as created_at
      from ${proposals} where ${all(dropped)}
      ${order(sql`${proposals.missionCreatedAt} desc nulls last, ${proposals.mission} desc nulls last`)})`);
  }
  return branches;
}

/**
 * The conditions of a risk-manager user's or an admin's page (`counting`: of its count). A status
 * comes with its weight, which the page is ordered by: PostgreSQL then knows every row has the same
 * one and reads the status's index in page order, instead of reading the weight's index from the
 * top and skipping every other status (the open missions of a whole history before the first
 * started one).
 */
export function tenantConditions(viewer: Exclude<Viewer, { kind: 'provider' }>, status: string | undefined, range: CreatedRange, counting = false): SQL[] {
  const conditions = datesOn(missions.createdAt, range);
  if (viewer.kind === 'tenant') conditions.unshift(sql`${missions.riskManager} = ${viewer.riskManager}`);
  if (status !== undefined) {
    conditions.push(sql`${missions.status} = ${status}`);
    // A status no mission is stored with (the provider's 'rejected') matches nothing either way.
    if (isStoredMissionStatus(status)) conditions.push(sql`${missions.statusWeight} = ${MISSION_STATUS_WEIGHTS[status]}`);
  } else if (counting && hasDates(range)) conditions.push(weightIn(missions.statusWeight, STATUS_WEIGHTS));
  return conditions.length > 0 ? conditions : [sql`true`];
}


/**
 * Every mission the viewer sees with `status` among those created in `range`, as (id, w, created_at),
 * `w` the status weight it sees; a provider's four sets each cut at `limit` (null: whole); with
 * `within` (a subquery of mission ids), only those.
 */
export function viewerSet(viewer: Viewer, status: string | undefined, range: CreatedRange, limit: number | null, within?: SQL): SQL {
  if (viewer.kind !== 'provider') {
    return sql`select ${missions.id} as id, ${missions.statusWeight} as w, ${missions.createdAt} as created_at
          from ${missions} where ${all([...tenantConditions(viewer, status, range), ...withinOn(missions.id, within)])}`;
  }
  const branches = providerBranches(viewer, status, range, limit, 'all', within);
  // No set can hold the status asked for (e.g. 'billed_shipper', which a holder never sees): an empty set.
  if (branches.length === 0) return sql`select ${missions.id} as id, ${missions.statusWeight} as w, ${missions.createdAt} as created_at from ${missions} where false`;
  return sql`select id, w, created_at from (${sql.join(branches, sql` union all `)}) as u`;
}

/** A subquery counting, row by row, what the viewer sees with `status` among the missions created in `range`. */
export function countOf(viewer: Viewer, status: string | undefined, range: CreatedRange, sets: ProviderSets = 'all'): SQL {
  if (viewer.kind !== 'provider') return sql`(select count(*) from ${missions} where ${all(tenantConditions(viewer, status, range, true))})`;
  const branches = providerBranches(viewer, status, range, null, sets);
  return branches.length === 0 ? sql`0` : sql`(select count(*) from (${sql.join(branches, sql` union all `)}) as u)`;
}

/** The value of a sum of count subqueries, read in one statement (one snapshot). */
export async function sumOf(db: Db, counts: SQL[]): Promise<number> {
  if (counts.length === 0) return 0;
  const [row] = await rowsOf<{ n: number }>(db, sql`select (${sql.join(counts, sql` + `)})::int as n`);
  return Number(row?.n ?? 0);
}
