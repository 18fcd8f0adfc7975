import { or, sql, type SQL } from 'drizzle-orm';
import { fold, unmasked } from '../../src/domain/foldText';
import { IN_AUCTION_LABEL, MONITORING_PAGE_SIZE, type MonitoringSort } from '../../src/domain/missions';
import type { MonitoringQuery } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { missionVehicles, missions, places, serviceProviders, shippers } from '../db/schema';
import { containing, folded, unmaskedSql } from '../shared/pagedList';
import { rangeOf, storedFilter, viewerSet } from './monitoringSets';
import { rowsOf, type Viewer } from './viewer';

/**
 * The monitoring list searched (`q`: process number, plate, shipper or provider) or sorted by a
 * header: the slower path, read from the database on every request. The plain list (monitoring.ts)
 * reads one index range per set and is kept in memory; a search looks at names and plates, which
 * no index orders and whose writes (vehicles) move no stamp of the kept pages.
 *
 * The same sets as the plain list (monitoringSets.ts), so a search never widens what the viewer
 * sees, and the competition rule on what is searched and sorted by: a provider finds a mission by
 * its provider or its plates only when it holds it. On a mission it lost, the winner's name and
 * the vehicles of the run it did not get are not its business: matching them would tell it who
 * won, or that the mission went on. Sorting by 'Prestador' orders its lost missions as their rows
 * read, with no provider.
 */

/** Whether a query takes this path rather than the kept plain list. */
export const isSearched = (query: MonitoringQuery): boolean => (query.q ?? '').trim() !== '' || query.sort !== undefined || query.order !== undefined;

/** True on the current `missions` row when the viewer may know its provider and vehicles. */
const runSeen = (viewer: Viewer): SQL => (viewer.kind === 'provider' ? sql`${missions.serviceProvider} = ${viewer.provider}` : sql`true`);

const shipperName = sql`(select ${shippers.name} from ${shippers} where ${shippers.id} = ${missions.shipper})`;
const providerName = sql`(select ${serviceProviders.name} from ${serviceProviders} where ${serviceProviders.id} = ${missions.serviceProvider})`;

/** The 'Prestador' cell as the viewer reads it (rows.ts toDetail, competition.ts): none on a mission it lost. */
const providerShown = (viewer: Viewer): SQL =>
  sql`case when ${runSeen(viewer)} and ${missions.serviceProvider} is not null then ${providerName}
    when ${missions.status} = 'open' then ${IN_AUCTION_LABEL} end`;

/** The 'Local' cell (missionFields.ts placeText): the place's name, then city/state. */
const placeShown = sql`concat_ws(' — ', (select ${places.name} from ${places} where ${places.id} = ${missions.place}),
  ${missions.city} || '/' || ${missions.state})`;

/** What `q` finds on the current `missions` row (none for an empty one). */
function searchCondition(viewer: Viewer, q: string | undefined): SQL | undefined {
  const needle = fold((q ?? '').trim());
  if (needle === '') return undefined;
  const pattern = containing(needle);
  const conditions = [sql`${folded(missions.processNumber)} like ${pattern}`, sql`${folded(shipperName)} like ${pattern}`];
  const held = [sql`${folded(providerName)} like ${pattern}`];
  const bare = unmasked(needle);
  if (bare !== '') {
    // Process numbers and plates are typed with or without their hyphens.
    const barePattern = containing(bare);
    conditions.push(sql`${unmaskedSql(missions.processNumber)} like ${barePattern}`);
    held.push(sql`exists (select 1 from ${missionVehicles} where ${missionVehicles.mission} = ${missions.id}
      and ${unmaskedSql(missionVehicles.plate)} like ${barePattern})`);
  }
  return or(...conditions, sql`(${runSeen(viewer)} and (${or(...held)}))`);
}

/** What each header sorts by; 'status' is the weight the viewer sees (the plain list's order). */
function sortKey(viewer: Viewer, sort: MonitoringSort): SQL {
  switch (sort) {
    case 'status':
      return sql`s.w`;
    case 'processNumber':
      return folded(missions.processNumber);
    case 'shipper':
      return folded(shipperName);
    case 'place':
      return folded(placeShown);
    case 'createdAt':
      return sql`s.created_at`;
    case 'provider':
      return folded(providerShown(viewer));
  }
}

/** The page's ids in order (id, ord) and the total, of the searched or sorted list. */
export async function searchedPage(db: Db, viewer: Viewer, query: MonitoringQuery): Promise<{ source: SQL; total: number }> {
  const matched = searchCondition(viewer, query.q);
  const from = sql`from (${viewerSet(viewer, storedFilter(query.status), rangeOf(query), null)}) as s join ${missions} on ${missions.id} = s.id${matched ? sql` where ${matched}` : sql``}`;
  const direction = query.order === 'DESC' ? sql`desc` : sql`asc`;
  // Ties (and empty cells, always last) keep the plain list's order: newest first.
  const order = sql`k ${direction} nulls last, created_at desc nulls last, id desc nulls last`;
  const offset = (query.page - 1) * MONITORING_PAGE_SIZE;
  const source = sql`select id, row_number() over (order by ${order}) as ord
    from (select s.id, s.created_at, ${sortKey(viewer, query.sort ?? 'status')} as k ${from}
      order by ${order} limit ${MONITORING_PAGE_SIZE} offset ${offset}) as page`;
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  return { source, total: Number(count?.n ?? 0) };
}
