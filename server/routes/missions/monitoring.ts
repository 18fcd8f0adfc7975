import { sql, type SQL } from 'drizzle-orm';
import { MONITORING_PAGE_SIZE, type MonitoringPage } from '../../../src/domain/missions';
import type { MonitoringQuery } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import { missions, proposals } from '../../db/schema';
import { MonitoringCounts } from './monitoringCount';
import { loadMissions } from './rows';
import { rowsOf, type Viewer } from './viewer';

/**
 * GET request/monitoring (spec 7): one page of the missions the viewer may see, sorted by the
 * spec's status weight then newest first.
 *
 * Risk-manager users and admins read one index range (missions_*_weight_created_idx) that stops
 * after the page. A provider's page is the union of four disjoint sets, each read in page order
 * from its own index and cut at the page's end before they are merged: its tenant's open
 * missions (weight 0), the missions it holds (their own weight), the ones it proposed on but did
 * not get ('rejected', weight 3, from its rejected proposals) and the ones canceled before anyone
 * got them while its proposal was live (they keep 'canceled').
 *
 * Every ORDER BY says `desc nulls last` because that is how the indexes are built: PostgreSQL's
 * default for DESC is NULLS FIRST, and with it no index matches and each page sorts thousands of
 * rows (measured: 18 ms instead of under one for a 90,000-mission tenant).
 */

/** 'new' is the screen's flag for a newly seen open mission: filtering by it means open ones. */
const storedFilter = (status: string | undefined) => (status === 'new' ? 'open' : status);

function datesOn(column: typeof missions.createdAt | typeof proposals.missionCreatedAt, query: MonitoringQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.start) conditions.push(sql`${column} >= ${new Date(query.start)}`);
  if (query.end) conditions.push(sql`${column} <= ${new Date(query.end)}`);
  return conditions;
}
const dateConditions = (query: MonitoringQuery) => datesOn(missions.createdAt, query);
const proposalDates = (query: MonitoringQuery) => datesOn(proposals.missionCreatedAt, query);

const all = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** Each set as (id, w, created_at), already filtered; `limit` cuts it at the page's end. */
function providerBranches(viewer: Extract<Viewer, { kind: 'provider' }>, query: MonitoringQuery, limit: number | null): SQL[] {
  const status = storedFilter(query.status);
  const dates = dateConditions(query);
  const cut = limit === null ? sql`` : sql` limit ${limit}`;
  const branches: SQL[] = [];
  if (status === undefined || status === 'open') {
    branches.push(sql`(select ${missions.id} as id, ${missions.statusWeight} as w, ${missions.createdAt} as created_at
      from ${missions} where ${all([sql`${missions.riskManager} = ${viewer.riskManager}`, sql`${missions.statusWeight} = 0`, ...dates])}
      order by ${missions.createdAt} desc nulls last, ${missions.id} desc nulls last${cut})`);
  }
  if (status !== 'rejected') {
    const held = [sql`${missions.serviceProvider} = ${viewer.provider}`, sql`${missions.riskManager} = ${viewer.riskManager}`, ...dates];
    if (status !== undefined) held.push(sql`${missions.status} = ${status}`);
    branches.push(sql`(select ${missions.id} as id, ${missions.statusWeight} as w, ${missions.createdAt} as created_at
      from ${missions} where ${all(held)}
      order by ${missions.statusWeight}, ${missions.createdAt} desc nulls last, ${missions.id} desc nulls last${cut})`);
  }
  // Lost: another provider got it, so this one's proposal was rejected when it was accepted (weight 3).
  if (status === undefined || status === 'rejected') {
    const lost = [sql`${proposals.serviceProvider} = ${viewer.provider}`, sql`${proposals.status} = 'rejected'`, ...proposalDates(query)];
    branches.push(sql`(select ${proposals.mission} as id, 3 as w, ${proposals.missionCreatedAt} as created_at
      from ${proposals} where ${all(lost)}
      order by ${proposals.missionCreatedAt} desc nulls last, ${proposals.mission} desc nulls last${cut})`);
  }
  // Canceled before anyone got it, while this provider's proposal was live: shown as canceled.
  if (status === undefined || status === 'canceled') {
    const dropped = [
      sql`${proposals.serviceProvider} = ${viewer.provider}`,
      sql`${proposals.status} in ('pending', 'completed')`,
      sql`${missions.status} = 'canceled'`,
      sql`${missions.serviceProvider} is null`,
      ...dates,
    ];
    branches.push(sql`(select ${missions.id} as id, ${missions.statusWeight} as w, ${missions.createdAt} as created_at
      from ${proposals} join ${missions} on ${missions.id} = ${proposals.mission} where ${all(dropped)}
      order by ${missions.createdAt} desc nulls last, ${missions.id} desc nulls last${cut})`);
  }
  return branches;
}

/** The conditions of a risk-manager user's or an admin's page. */
function tenantConditions(viewer: Exclude<Viewer, { kind: 'provider' }>, query: MonitoringQuery): SQL[] {
  const conditions = dateConditions(query);
  if (viewer.kind === 'tenant') conditions.unshift(sql`${missions.riskManager} = ${viewer.riskManager}`);
  const status = storedFilter(query.status);
  if (status !== undefined) conditions.push(sql`${missions.status} = ${status}`);
  return conditions.length > 0 ? conditions : [sql`true`];
}

/** The page's ids in order (id, ord) for loadMissions. */
function pageSource(viewer: Viewer, query: MonitoringQuery, offset: number): SQL {
  const end = offset + MONITORING_PAGE_SIZE;
  const ordered =
    viewer.kind === 'provider'
      ? sql`select id, w, created_at from (${sql.join(providerBranches(viewer, query, end), sql` union all `)}) as u`
      : sql`select ${missions.id} as id, ${missions.statusWeight} as w, ${missions.createdAt} as created_at
          from ${missions} where ${all(tenantConditions(viewer, query))}`;
  return sql`select id, row_number() over (order by w, created_at desc nulls last, id desc nulls last) as ord
    from (${ordered} order by w, created_at desc nulls last, id desc nulls last limit ${MONITORING_PAGE_SIZE} offset ${offset}) as page`;
}

async function countAll(db: Db, viewer: Viewer, query: MonitoringQuery): Promise<number> {
  const counted =
    viewer.kind === 'provider'
      ? sql`select count(*)::int as n from (${sql.join(providerBranches(viewer, query, null), sql` union all `)}) as u`
      : sql`select count(*)::int as n from ${missions} where ${all(tenantConditions(viewer, query))}`;
  const [row] = await rowsOf<{ n: number }>(db, counted);
  return Number(row?.n ?? 0);
}

export function monitoring(db: Db) {
  const counts = new MonitoringCounts(db);
  return async (viewer: Viewer, query: MonitoringQuery): Promise<MonitoringPage> => {
    const page = query.page;
    // The token first: a write committing after it makes the count newer, never older, than its key.
    const total = await counts.total(viewer, query, () => countAll(db, viewer, query));
    const data = await loadMissions(db, viewer, pageSource(viewer, query, (page - 1) * MONITORING_PAGE_SIZE));
    return { data, page, totalPages: Math.max(1, Math.ceil(total / MONITORING_PAGE_SIZE)), total };
  };
}
