import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../missions/viewer';

/** Where the team last was: a fix of one of the holder's devices. */
export interface TeamFix {
  latitude: number;
  longitude: number;
  fixedAt: Date;
}

/**
 * The latest fix of the holder's devices taken since the mission was accepted (the same phone may
 * have served another mission before: docs/rules/positions.md), or null.
 */
export async function lastTeamFix(db: Db, holder: string, since: Date | null): Promise<TeamFix | null> {
  const [row] = await rowsOf<{ lat_e7: number; lon_e7: number; fixed_at: Date | string }>(
    db,
    sql`select p.lat_e7, p.lon_e7, p.fixed_at from positions p join tracker_devices d on d.key = p.device_key
      where d.service_provider_id = ${holder} and p.fixed_at >= ${since ?? new Date(0)}
      order by p.fixed_at desc limit 1`,
  );
  return row ? { latitude: row.lat_e7 / 1e7, longitude: row.lon_e7 / 1e7, fixedAt: new Date(row.fixed_at) } : null;
}
