import { sql, type SQL } from 'drizzle-orm';
import { MONITORING_PAGE_SIZE, type MonitoringPage } from '../../src/domain/missions';
import type { MonitoringQuery } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { rangeOf, storedFilter, viewerSet } from './monitoringSets';
import { monitoringTotal } from './monitoringTotal';
import { isSearched, searchedPage } from './monitoringSearch';
import { MissionRowCache } from './missionRowCache';
import type { UnreadCounts } from './unreadCounts';
import { TenantCache } from './tenantCache';
import type { ChangeStamps } from '../cache/changeStamps';
import { ReadyJson } from '../cache/readyJson';
import type { Viewer } from './viewer';

/**
 * GET request/monitoring (docs/api.md): one page of the missions the viewer may see, sorted by the
 * status weight (docs/rules/missions.md) then newest first.
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
 * rows (docs/performance.md).
 */

const ORDER = sql`order by w, created_at desc nulls last, id desc nulls last`;

/** The page's ids in order (id, ord). */
function pageSource(viewer: Viewer, query: MonitoringQuery, offset: number): SQL {
  const ordered = viewerSet(viewer, storedFilter(query.status), rangeOf(query), offset + MONITORING_PAGE_SIZE);
  return sql`select id, row_number() over (order by w, created_at desc nulls last, id desc nulls last) as ord
    from (${ordered} ${ORDER} limit ${MONITORING_PAGE_SIZE} offset ${offset}) as page`;
}

/**
 * Totals per (scope, filter) and pages per (scope, page, filter) are shared by every user of the
 * scope (a tenant's users, a provider's users): after a write, each is recomputed once, not once
 * per user polling it. Only the unread chat counts are each user's (unreadCounts.ts); each user's
 * page is kept as ready bytes under both, which costs no query to redo. A page is ~20 missions
 * (~15 KB).
 */
const MAX_TOTALS = 10_000;
const MAX_SHARED_PAGES = 2_000;
const MAX_PAGES = 2_000;

/** The monitoring page as ready bytes (a poll that finds nothing changed sends them as they are). */
export function monitoring(db: Db, stamps: ChangeStamps, unread: UnreadCounts) {
  const totals = new TenantCache<number>(stamps, MAX_TOTALS);
  const shared = new TenantCache<MonitoringPage>(stamps, MAX_SHARED_PAGES);
  const pages = new TenantCache<ReadyJson<MonitoringPage>>(stamps, MAX_PAGES);
  const rows = new MissionRowCache(stamps);
  const withUnread = async (viewer: Viewer, page: MonitoringPage): Promise<ReadyJson<MonitoringPage>> => {
    const counts = await unread.of(viewer, page.data.map((row) => row._id));
    return new ReadyJson({ ...page, data: page.data.map((row) => ({ ...row, unreadMessages: counts.get(row._id) ?? 0 })) });
  };
  // Searched or sorted by a header: read every time (monitoringSearch.ts); the rows still come from the kept ones.
  const searched = async (viewer: Viewer, query: MonitoringQuery): Promise<ReadyJson<MonitoringPage>> => {
    const { source, total } = await searchedPage(db, viewer, query);
    const data = await rows.page(db, viewer, source);
    return withUnread(viewer, { data, page: query.page, totalPages: Math.max(1, Math.ceil(total / MONITORING_PAGE_SIZE)), total });
  };
  return (viewer: Viewer, query: MonitoringQuery): Promise<ReadyJson<MonitoringPage>> => {
    if (isSearched(query)) return searched(viewer, query);
    const filter = [query.status ?? null, query.start ?? null, query.end ?? null];
    const chat = [viewer.kind === 'all' ? 'chat:any' : `chat:${viewer.riskManager}`, `unread:${viewer.user.id}`];
    return pages.get(
      viewer,
      [viewer.user.id, query.page, ...filter],
      async () => {
        const page = await shared.get(viewer, [query.page, ...filter], async () => {
          // Asked together: the embedded database answers them back to back instead of waiting for
          // this thread between the two (a page recomputed after a write: one hop fewer).
          const [total, data] = await Promise.all([
            totals.get(viewer, filter, () => monitoringTotal(db, viewer, query)),
            rows.page(db, viewer, pageSource(viewer, query, (query.page - 1) * MONITORING_PAGE_SIZE)),
          ]);
          return { data, page: query.page, totalPages: Math.max(1, Math.ceil(total / MONITORING_PAGE_SIZE)), total };
        });
        return withUnread(viewer, page);
      },
      chat,
    );
  };
}
