import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { positions } from '../db/schema';
import { startPeriodicPass, type PassLog } from '../shared/periodicPass';

/**
 * Positions are kept for the configured days (POSITION_RETENTION_DAYS, docs/rules/positions.md)
 * and then deleted by every instance's hourly pass (several instances deleting the same rows is
 * harmless: the second finds none). The BRIN on the fix time finds the old pages without a scan.
 */

export const RETENTION_INTERVAL_MS = 3600_000;
const DAY_MS = 24 * 3600 * 1000;

/** Deletes the positions older than the retention; answers how many. */
export async function deleteExpiredPositions(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  // Counted in the database: a day of a fleet's positions is too many rows to hand back.
  const result = await db.execute(
    sql`with gone as (delete from ${positions} where ${positions.fixedAt} < ${cutoff}::timestamptz returning 1) select count(*)::int as n from gone`,
  );
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Runs the pass now and every `intervalMs`; answers the function that stops it (waiting for a pass under way). */
export function startPositionRetention(db: Db, log: PassLog, retentionDays: number, intervalMs = RETENTION_INTERVAL_MS): () => Promise<void> {
  return startPeriodicPass({
    run: () => deleteExpiredPositions(db, new Date(), retentionDays),
    intervalMs,
    log,
    done: 'posições além do prazo de guarda apagadas',
    failed: 'limpeza das posições falhou',
  });
}
