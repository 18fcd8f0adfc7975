import { sql, type SQL } from 'drizzle-orm';
import type { MissionDetail } from '../../src/domain/missions';
import type { Stamps } from '../cache/stampedCache';
import type { Db } from '../db/client';
import { seenBy, storedMissions, versionsQuery, type StoredDetail } from './rows';
import { missions } from '../db/schema';
import { rowsOf, type Viewer } from './viewer';

/** Mission rows kept: ~1 KB each, a few pages of every scope polled. */
const MAX_ROWS = 20_000;

/**
 * The rows of the monitoring pages kept by row version. After a write every page of its tenant is
 * read again (tenantCache.ts), but a new mission changes one row of a page and shifts the others:
 * reading the page's ids with their versions (an index range and 20 key lookups) and only the rows
 * not kept already spares most of a page's cost — the names, the provider's proposal and their
 * decoding cost far more than the ids alone (docs/performance.md).
 *
 * Kept as stored, before the competition rule, which is applied on every read (seenBy). A row is
 * found again only under the same version of the mission row (and of the provider's own proposal)
 * and while no name it shows changed (the 'tenants' stamp, moved by every write to a table whose
 * names the screen shows).
 */
export class MissionRowCache {
  private readonly rows = new Map<string, StoredDetail>();
  private namesStamp: string | null = null;

  constructor(private readonly stamps: Stamps) {}

  /** The missions listed by `source` (id, ord) as `viewer` sees them, with unread counts at 0. */
  async page(db: Db, viewer: Viewer, source: SQL): Promise<MissionDetail[]> {
    // Read before the rows: a rename committing meanwhile leaves new names under an old stamp, never the reverse.
    const stamp = this.stamps.stamp(['tenants']);
    if (stamp !== this.namesStamp) {
      this.rows.clear();
      this.namesStamp = stamp;
    }
    const scope = viewer.kind === 'provider' ? `${viewer.provider}:` : '';
    const listed = await rowsOf<{ id: string; version: string }>(db, versionsQuery(viewer, source));
    const found = new Map<string, StoredDetail>();
    for (const row of listed) {
      const kept = this.rows.get(`${scope}${row.id}:${row.version}`);
      if (kept) found.set(row.id, kept);
    }
    const missing = listed.filter((row) => !found.has(row.id)).map((row) => row.id);
    if (missing.length > 0) {
      const source = sql`select ${missions.id} as id, 1 as ord from ${missions} where ${missions.id} in ${missing}`;
      for (const { detail, version } of await storedMissions(db, viewer, source)) {
        // A row written between the two reads comes as read last: newer than its listed version, never older.
        found.set(detail._id, detail);
        if (stamp !== null && stamp === this.namesStamp) this.keep(`${scope}${detail._id}:${version}`, detail);
      }
    }
    return listed.flatMap((row) => {
      const detail = found.get(row.id);
      return (detail && seenBy(viewer, detail)?.row) ?? [];
    });
  }

  private keep(key: string, detail: StoredDetail): void {
    this.rows.set(key, detail);
    if (this.rows.size > MAX_ROWS) this.rows.delete(this.rows.keys().next().value as string);
  }
}
