import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Notifications } from '../db/notifications';

/**
 * What the database announced changed, as counters this instance keeps in memory: an answer
 * computed after reading the stamp of what it was drawn from stays valid while that stamp is
 * unchanged, so a request whose answer is cached asks nothing of the database (the embedded
 * PGlite runs one statement at a time for every request).
 *
 * Keys (announced by triggers, in the writer's transaction):
 * - `user:{id}`: that user's row (migration 0022), so the auth check keeps users in memory;
 * - `table:{name}`: any write to that catalogue table (0022), for the cached catalogue lists;
 * - `tenant:{id}`: that risk manager's missions and proposals (0019's 'tenant_tokens'), and
 *   `tenant:any` for any of them; `tenants` for the names shown beside every mission;
 * - `chat:{id}`: a chat message in one of that risk manager's missions (0012, 0024), `chat:any` for
 *   any; `unread:{user}`: that user read a chat (0024) — the unread counts of the missions screen.
 *
 * Order matters: a cache reads the stamp before computing. A write committing in between moves
 * the stamp after the answer was computed, which costs one recomputation at the next request; an
 * old answer is never kept under a new stamp. When announcements may have been lost (PostgreSQL's
 * LISTEN connection dropped) every stamp moves; while they cannot arrive, there is no stamp and
 * nothing is cached.
 */
export class ChangeStamps {
  private readonly counters = new Map<string, number>();
  private epoch = 0;

  /**
   * The stamps of `notifications`, knowing which tables announce their writes: those carrying a
   * trigger named '{table}_announce_change' (migration 0022). An answer drawn from any other table
   * is never cached, so a table added without one is served fresh, never stale.
   */
  static async open(db: Db, notifications: Notifications): Promise<ChangeStamps> {
    const result: unknown = await db.execute(
      sql`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = c.relname || '_announce_change'`,
    );
    // Both drivers answer { rows }; the shared Db type does not say so.
    const { rows } = result as { rows: { name: string }[] };
    return new ChangeStamps(notifications, new Set(rows.map((row) => row.name)));
  }

  private constructor(
    private readonly notifications: Notifications,
    private readonly announcedTables: ReadonlySet<string>,
  ) {
    notifications.on('data_changes', (key) => (key === '*' ? this.epoch++ : this.bump(key)));
    notifications.on('tenant_tokens', (tenant) => {
      if (tenant === '*') this.bump('tenants');
      else {
        this.bump(`tenant:${tenant}`);
        this.bump('tenant:any');
      }
    });
    // A chat message (migration 0012, with its mission's risk manager since 0024): the unread counts of that tenant's users.
    notifications.on('mission_events', (payload) => {
      const { kind, riskManager } = parseAnnouncement(payload);
      if (kind !== 'chat') return;
      if (typeof riskManager === 'string') this.bump(`chat:${riskManager}`);
      else this.epoch++;
      this.bump('chat:any');
    });
    notifications.onGap(() => this.epoch++);
  }

  private bump(key: string): void {
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
  }

  /** Whether writes to `table` are announced as 'table:{table}'. */
  announces(table: string): boolean {
    return this.announcedTables.has(table);
  }

  /** The stamp of `keys` now, or null when announcements are not arriving (cache nothing). */
  stamp(keys: readonly string[]): string | null {
    if (!this.notifications.live) return null;
    let stamp = String(this.epoch);
    for (const key of keys) stamp += `:${this.counters.get(key) ?? 0}`;
    return stamp;
  }
}

/** A 'mission_events' payload's fields, or none when it is not JSON. */
function parseAnnouncement(payload: string): { kind?: unknown; riskManager?: unknown } {
  try {
    return JSON.parse(payload) as { kind?: unknown; riskManager?: unknown };
  } catch {
    return {};
  }
}
