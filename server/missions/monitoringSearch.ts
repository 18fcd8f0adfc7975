import { or, sql, type SQL } from 'drizzle-orm';
import { fold, unmasked } from '../../src/domain/foldText';
import { IN_AUCTION_LABEL, MONITORING_PAGE_SIZE, type MonitoringSort } from '../../src/domain/missions';
import type { MonitoringQuery } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { FISCAL_KEY_LENGTH, normalizeFiscalKey } from '../../src/domain/validators/fiscalKey';
import { missionFiscalKeys, missionVehicles, missions, places, serviceProviders, shippers } from '../db/schema';
import { folded, unmaskedSql } from '../db/foldedText';
import { containing } from '../shared/pagedList';
import { all, rangeOf, storedFilter, viewerSet } from './monitoringSets';
import { rowsOf, type Viewer } from './viewer';

/**
 * The monitoring list searched (`q`: process number, plate, shipper, provider or a cargo access key) or sorted by a
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

/**
 * A whole cargo access key, typed bare or in its groups of four, finds the missions carrying it with
 * one read of mission_fiscal_keys_key_idx (docs/rules/fiscal-documents.md). A provider finds that way
 * only the missions it holds: the cargo's documents of a mission it lost are not its business.
 */
function fiscalKeyCondition(viewer: Viewer, q: string): SQL[] {
  const key = normalizeFiscalKey(q);
  if (key.length !== FISCAL_KEY_LENGTH || !/^[0-9A-Z]+$/.test(key)) return [];
  const carrying = sql`${missions.id} in (select ${missionFiscalKeys.mission} from ${missionFiscalKeys} where ${missionFiscalKeys.key} = ${key})`;
  return [viewer.kind === 'provider' ? sql`(${runSeen(viewer)} and ${carrying})` : carrying];
}

/** The shippers and providers whose names `q` finds, for the viewer (none for an empty `q`). */
interface NamesFound {
  shippers: string[];
  providers: string[];
}

/**
 * The shippers and providers whose folded names contain the needle, read first from their own small
 * tables: the page's statement then names them, and PostgreSQL plans with what it knows of each
 * (a shipper of 90% of the missions, or of none) instead of guessing. A provider's name finds only
 * the missions the viewer may know it on (runSeen): for a provider, its own.
 */
async function namesFound(db: Db, viewer: Viewer, pattern: string): Promise<NamesFound> {
  const own = (table: typeof shippers | typeof serviceProviders) => (viewer.kind === 'all' ? [] : [sql`${table.riskManager} = ${viewer.riskManager}`]);
  const providers = viewer.kind === 'provider' ? [sql`${serviceProviders.id} = ${viewer.provider}`] : own(serviceProviders);
  const ids = (table: typeof shippers | typeof serviceProviders, only: SQL[]) =>
    sql`coalesce(array(select ${table.id} from ${table} where ${all([sql`${folded(table.name)} like ${pattern}`, ...only])}), '{}')`;
  const [row] = await rowsOf<{ shippers: string[]; providers: string[] }>(
    db,
    sql`select ${ids(shippers, own(shippers))} as shippers, ${ids(serviceProviders, providers)} as providers`,
  );
  return { shippers: row?.shippers ?? [], providers: row?.providers ?? [] };
}

const among = (column: typeof missions.shipper | typeof missions.serviceProvider, ids: string[]): SQL[] =>
  ids.length === 0 ? [] : [sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`];

/**
 * What `q` finds on the current `missions` row (none for an empty one). Each part is one index's
 * read, bounded by what it finds, not by the viewer's history (docs/performance/monitoring-poll.md):
 * the process number's and the plates' trigram indexes (migration 0040), the missions of the
 * shippers and providers found. A provider's plates find only the missions it holds (runSeen).
 */
async function searchCondition(db: Db, viewer: Viewer, q: string | undefined): Promise<SQL | undefined> {
  const needle = fold((q ?? '').trim());
  if (needle === '') return undefined;
  const pattern = containing(needle);
  const names = await namesFound(db, viewer, pattern);
  const conditions = [
    sql`${folded(missions.processNumber)} like ${pattern}`,
    ...among(missions.shipper, names.shippers),
    ...among(missions.serviceProvider, names.providers),
    ...fiscalKeyCondition(viewer, q ?? ''),
  ];
  const bare = unmasked(needle);
  if (bare !== '') {
    // Process numbers and plates are typed with or without their hyphens.
    const barePattern = containing(bare);
    conditions.push(sql`${unmaskedSql(missions.processNumber)} like ${barePattern}`);
    const plates = [sql`${unmaskedSql(missionVehicles.plate)} like ${barePattern}`];
    if (viewer.kind === 'provider') {
      plates.push(sql`exists (select 1 from ${missions} as held where held.id = ${missionVehicles.mission} and held.service_provider_id = ${viewer.provider})`);
    }
    conditions.push(sql`${missions.id} = any(array(select ${missionVehicles.mission} from ${missionVehicles} where ${all(plates)}))`);
  }
  return or(...conditions);
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
  const matched = await searchCondition(db, viewer, query.q);
  // What the search found is read first, by its indexes, and each of the viewer's sets only there:
  // joined the other way, PostgreSQL read a provider's whole sets to keep the few found.
  const found = matched ? sql`select ${missions.id} from ${missions} where ${matched}` : undefined;
  const from = sql`from (${viewerSet(viewer, storedFilter(query.status), rangeOf(query), null, found)}) as s join ${missions} on ${missions.id} = s.id`;
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
