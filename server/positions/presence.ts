import { eq, sql } from 'drizzle-orm';
import type { Point } from '../../src/domain/positions/eta';
import { DEFAULT_ARRIVAL_RADIUS_M, PRESENCE_FIXES, presenceStep } from '../../src/domain/positions/presence';
import type { Db } from '../db/client';
import { missions, positions } from '../db/schema';
import { recordEvent, type EventActor } from '../missions/events';
import { providerName } from '../missions/lock';

/**
 * Arrival and leaving detected from the positions (docs/rules/positions.md, "Chegada e saída do
 * local"), run by the intake after it stores a fix. src/domain/positions/presence.ts decides from
 * the device's latest fixes; this writes the event on the timeline. Exactly once: the writer locks
 * the mission row (the order every mission writer uses: row, then the chain), reads again what the
 * timeline has after taking the lock, and the unique index mission_events_presence_idx refuses a
 * second arrival or leaving whatever happens. Two devices sending at the same moment, on one
 * instance or two, therefore write one event: the second waits for the lock and finds it.
 *
 * Cheap on the way of every group of fixes: the intake reads the providers' started missions with
 * what their timelines say once per group; this reads the last fixes of the group's devices in one
 * statement, only for those with a mission not left yet; a transaction only when an event is due. The
 * decision is a function of the stored fixes, so an event that failed to be written is written at
 * the device's next fix.
 */

/** The server's own name on the timeline for what the positions tell. */
export const PRESENCE_ACTOR: EventActor = { id: null, name: 'Rastreamento da equipe', role: { type: 'admin', perfil: 'admin' } };

const E7 = 1e7;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Spelled out: drizzle writes a column inside sql`` without its table, and mission_events has an id too. */
const timelineHas = (action: string) => sql<boolean>`exists (select 1 from mission_events e where e.mission_id = missions.id and e.action = ${action})`;

/** A started mission of the device's provider with a place on the map, and what its timeline had when the intake read it. */
export interface PresenceMission {
  id: string;
  place: Point;
  radius: number;
  since: Date | null;
  recorded: { arrived: boolean; left: boolean };
}

/** What the timeline has of the team's presence; read by the intake with the provider's started missions. */
export const presenceRecorded = { arrived: timelineHas('team_arrived'), left: timelineHas('team_left') };

/** The radius of a tenant's 'Raio do local (m)', or the default. */
export const arrivalRadius = (radius: number | null) => radius ?? DEFAULT_ARRIVAL_RADIUS_M;

/** A device's fixes, newest first, as the decision reads them. */
export interface Fix {
  fixedAt: Date;
  latitude: number;
  longitude: number;
}

/**
 * The latest fixes of each device that just stored `stored` of them, newest first: enough to judge
 * each stored fix with the ones before it. One statement for the whole group, whatever its devices.
 */
export async function latestFixes(db: Db, stored: ReadonlyMap<number, number>): Promise<Map<number, Fix[]>> {
  const byDevice = new Map<number, Fix[]>([...stored.keys()].map((device) => [device, []]));
  if (stored.size === 0) return byDevice;
  const keys = [...stored.keys()];
  const wanted = keys.map((device) => stored.get(device)! + PRESENCE_FIXES - 1);
  const rows = rowsOf<{ device: number; fixed_at: Date | string; lat_e7: number; lon_e7: number }>(
    await db.execute(sql`
      select d.device, p.fixed_at, p.lat_e7, p.lon_e7
      from unnest(${sql.param(keys)}::int[], ${sql.param(wanted)}::int[]) as d(device, n)
      cross join lateral (
        select fixed_at, lat_e7, lon_e7 from ${positions} where ${positions.device} = d.device order by ${positions.fixedAt} desc limit d.n
      ) p
      order by d.device, p.fixed_at desc`),
  );
  for (const row of rows) {
    byDevice.get(Number(row.device))?.push({ fixedAt: new Date(row.fixed_at), latitude: row.lat_e7 / E7, longitude: row.lon_e7 / E7 });
  }
  return byDevice;
}

/**
 * After `stored` fixes of `device` are stored together (the intake's group commit): writes the
 * arrival or leaving they complete on each of `open` (the provider's started missions the team has
 * not left), from `fixes`, the device's latest (latestFixes) of which those taken during the
 * mission (since its acceptance) count. Each stored fix is judged in turn, oldest first, with the
 * fixes before it — as if it had come alone — so a group holding both the arrival and the leaving
 * writes both. The event carries the first fix of the stretch (when and where the team crossed the
 * radius); its own time is when it was written.
 */
export async function detectPresence(db: Db, device: { key: number; provider: string }, open: readonly PresenceMission[], stored: number, fixes: readonly Fix[], now: Date): Promise<void> {
  for (const mission of open) {
    const during = fixes.filter((fix) => mission.since === null || fix.fixedAt >= mission.since);
    for (let newest = Math.min(stored, during.length) - 1; newest >= 0; newest--) {
      const latest = during.slice(newest, newest + PRESENCE_FIXES);
      if (presenceStep(latest, mission.place, mission.radius, mission.recorded) === null) continue;
      const recorded = await writePresence(db, device.provider, mission, latest, now);
      if (!recorded) break;
      mission.recorded = recorded;
    }
  }
}

/**
 * Writes the event `latest` completes on `mission`, if the timeline still lacks it once the mission
 * row is locked; answers what the timeline has after, or null when the mission is no longer started.
 */
async function writePresence(db: Db, provider: string, mission: PresenceMission, latest: Fix[], now: Date): Promise<PresenceMission['recorded'] | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: missions.status }).from(missions).where(eq(missions.id, mission.id)).for('update', { of: missions });
    if (locked?.status !== 'started') return null;
    // Read in a statement of its own, after the lock: the locking statement's snapshot predates
    // the event another writer committed while this one waited.
    const [recorded] = await tx.select(presenceRecorded).from(missions).where(eq(missions.id, mission.id));
    if (!recorded) return null;
    const action = presenceStep(latest, mission.place, mission.radius, recorded);
    if (action === null) return recorded;
    const crossed = latest[PRESENCE_FIXES - 1]!;
    await recordEvent(
      tx,
      PRESENCE_ACTOR,
      {
        mission: mission.id,
        action,
        from: null,
        to: null,
        provider: await providerName(tx, provider),
        details: { fixedAt: crossed.fixedAt.toISOString(), latitude: crossed.latitude, longitude: crossed.longitude },
      },
      now,
    );
    return { arrived: recorded.arrived || action === 'team_arrived', left: recorded.left || action === 'team_left' };
  });
}
