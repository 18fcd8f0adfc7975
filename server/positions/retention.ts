import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { positions } from '../db/schema';
import { startPeriodicPass, type PassLog } from '../shared/periodicPass';
import { RETENTION_LIMITS } from '../../src/domain/privacy';

/**
 * Positions are kept for the days their tenant set ('Privacidade' → 'Retenção', docs/rules/privacy.md;
 * POSITION_RETENTION_DAYS for a tenant that set none, docs/rules/positions.md) and then deleted by
 * every instance's hourly pass (several instances deleting the same rows is harmless: the second
 * finds none). A position's tenant is its device's provider's. The BRIN on the fix time finds the
 * old pages without a scan (the shortest retention allowed bounds the range).
 */

export const RETENTION_INTERVAL_MS = 3600_000;
const DAY_MS = 24 * 3600 * 1000;

/** Deletes the positions older than their tenant's retention (`retentionDays` when it set none); answers how many. */
export async function deleteExpiredPositions(db: Db, now: Date, retentionDays: number): Promise<number> {
  const at = now.toISOString();
  const earliest = new Date(now.getTime() - Math.min(retentionDays, RETENTION_LIMITS.positionDays.min) * DAY_MS).toISOString();
  // Counted in the database: a day of a fleet's positions is too many rows to hand back.
  const result = await db.execute(
    sql`with gone as (delete from ${positions} p using tracker_devices d, service_providers s left join privacy_settings ps on ps.risk_manager_id = s.risk_manager_id
      where p.device_key = d.key and d.service_provider_id = s.id and p.fixed_at < ${earliest}::timestamptz
        and p.fixed_at < ${at}::timestamptz - make_interval(days => coalesce(ps.position_days, ${retentionDays}::int))
      returning 1) select count(*)::int as n from gone`,
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
