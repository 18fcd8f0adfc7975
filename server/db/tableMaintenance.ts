import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from './client';

/**
 * PGlite has no autovacuum. Without it the planner keeps the statistics of whenever a table was
 * last analyzed (one stale plan held every request for ~50 ms per live event: server/live/events.ts)
 * and rows that updates left behind are never reclaimed. This does the autovacuum's two jobs on its
 * default thresholds, from the counters PostgreSQL keeps in pg_stat_user_tables: ANALYZE a table
 * once more than 50 + 10% of its rows changed since the last one, VACUUM ANALYZE it once more than
 * 50 + 20% of its rows are dead. One table at a time, since PGlite serves nobody else meanwhile.
 * A real PostgreSQL (DATABASE_URL) runs its own autovacuum and does not start this.
 */

export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

export interface MaintenanceStep {
  table: string;
  action: 'analyze' | 'vacuum analyze';
  ms: number;
}

interface Due {
  table: string;
  quoted: string;
  vacuum: boolean;
}

/** One pass: every public table past a threshold, most changed first. */
export async function maintainTables(db: Db): Promise<MaintenanceStep[]> {
  const result = await db.execute(sql`
    select relname as table, quote_ident(relname) as quoted,
      n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
    from pg_stat_user_tables
    where schemaname = 'public'
      and (n_mod_since_analyze > 50 + 0.1 * n_live_tup or n_dead_tup > 50 + 0.2 * n_live_tup)
    order by n_mod_since_analyze + n_dead_tup desc`);
  const steps: MaintenanceStep[] = [];
  for (const due of (result as { rows: Due[] }).rows) {
    const action = due.vacuum ? 'vacuum analyze' : 'analyze';
    const started = performance.now();
    // quote_ident's answer: a table name as PostgreSQL itself would write it.
    await db.execute(sql.raw(`${action} ${due.quoted}`));
    steps.push({ table: due.table, action, ms: Math.round(performance.now() - started) });
  }
  return steps;
}

/** Runs a pass every `intervalMs`; the returned stop waits for a pass under way. */
export function startTableMaintenance(db: Db, log: Logger, intervalMs = MAINTENANCE_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = maintainTables(db)
      .then((steps) => {
        if (steps.length > 0) log.info({ steps }, 'manutenção de tabelas do PGlite');
      })
      .catch((error: unknown) => log.error({ err: error }, 'manutenção de tabelas do PGlite falhou'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
