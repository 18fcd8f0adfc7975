import { sql } from 'drizzle-orm';
import type { MonitoringQuery } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import { missionVersions } from '../../db/schema';
import { rowsOf, type Viewer } from './viewer';

/**
 * The monitoring total, cached per (scope, filter) under the tenant's write token
 * (mission_versions, replaced by triggers in the same transaction as every mission or proposal
 * write). Counting a 90,000-mission tenant costs ~9 ms (PostgreSQL) / ~14 ms (PGlite) and screens
 * poll every few seconds, so the count runs only when the token moved.
 *
 * Why a token in the database rather than invalidating on our own writes or a short TTL: with
 * several server instances on one PostgreSQL, another instance's write must invalidate this
 * instance's cache at once (a provider's new proposal must change the risk manager's total on the
 * next poll), and a token read is one primary-key lookup.
 *
 * Order matters: the token is read before the count. A write committing in between leaves a
 * count newer than its key, which only costs one extra count on the next poll; the reverse (an
 * old count under a new key) cannot happen.
 */
const MAX_ENTRIES = 10_000;

export class MonitoringCounts {
  private readonly cache = new Map<string, { token: string; total: number }>();

  constructor(private readonly db: Db) {}

  /** The token of the viewer's tenant (admins: every tenant's), or null when there is none yet. */
  private async token(viewer: Viewer): Promise<string | null> {
    if (viewer.kind === 'all') {
      const [row] = await rowsOf<{ token: string | null }>(
        this.db,
        sql`select string_agg(${missionVersions.version}, ',' order by ${missionVersions.riskManager}) as token from ${missionVersions}`,
      );
      return row?.token ?? null;
    }
    const [row] = await rowsOf<{ token: string }>(
      this.db,
      sql`select ${missionVersions.version} as token from ${missionVersions} where ${missionVersions.riskManager} = ${viewer.riskManager}`,
    );
    return row?.token ?? null;
  }

  async total(viewer: Viewer, query: MonitoringQuery, count: () => Promise<number>): Promise<number> {
    return this.cached(viewer, [query.status ?? null, query.start ?? null, query.end ?? null], count);
  }

  /**
   * `count` under the viewer's token, keyed by the viewer's scope and `filter`. Only for counts of
   * what the token covers: the missions and proposals tables (the billing report counts missions).
   */
  async cached(viewer: Viewer, filter: unknown[], count: () => Promise<number>): Promise<number> {
    const scope = viewer.kind === 'all' ? 'all' : viewer.kind === 'tenant' ? `rm:${viewer.riskManager}` : `sp:${viewer.provider}`;
    const key = JSON.stringify([scope, ...filter]);
    const token = await this.token(viewer);
    const hit = this.cache.get(key);
    if (token !== null && hit?.token === token) return hit.total;
    const total = await count();
    if (token !== null) {
      this.cache.delete(key);
      this.cache.set(key, { token, total });
      // Oldest first out (Map keeps insertion order): bounded memory whatever the filters sent.
      if (this.cache.size > MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    }
    return total;
  }
}
