import { desc, eq, sql } from 'drizzle-orm';
import type { Point } from '../../src/domain/positions/eta';
import { DEFAULT_ARRIVAL_RADIUS_M, PRESENCE_FIXES, presenceStep } from '../../src/domain/positions/presence';
import type { Db } from '../db/client';
import { missionConfigs, missions, positions } from '../db/schema';
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
 * Cheap on the way of every fix: one read of the provider's started missions with what their
 * timelines say, one of the device's last fixes; a transaction only when an event is due. The
 * decision is a function of the stored fixes, so an event that failed to be written is written at
 * the device's next fix.
 */

/** The server's own name on the timeline for what the positions tell. */
export const PRESENCE_ACTOR: EventActor = { id: null, name: 'Rastreamento da equipe', role: { type: 'admin', perfil: 'admin' } };

const E7 = 1e7;

/** Spelled out: drizzle writes a column inside sql`` without its table, and mission_events has an id too. */
const timelineHas = (action: string) => sql<boolean>`exists (select 1 from mission_events e where e.mission_id = missions.id and e.action = ${action})`;

/** The started missions of `provider` with a place on the map, and whether the team arrived and left. */
async function candidates(db: Db, provider: string) {
  const rows = await db
    .select({
      id: missions.id,
      latitude: missions.latitude,
      longitude: missions.longitude,
      since: missions.slaAcceptedAt,
      radius: missionConfigs.arrivalRadius,
      arrived: timelineHas('team_arrived'),
      left: timelineHas('team_left'),
    })
    .from(missions)
    .leftJoin(missionConfigs, eq(missionConfigs.riskManager, missions.riskManager))
    .where(sql`${missions.serviceProvider} = ${provider} and ${missions.status} = 'started'
      and ${missions.latitude} is not null and ${missions.longitude} is not null`);
  return rows.map((r) => ({
    id: r.id,
    place: { latitude: r.latitude ?? 0, longitude: r.longitude ?? 0 } satisfies Point,
    radius: r.radius ?? DEFAULT_ARRIVAL_RADIUS_M,
    since: r.since,
    recorded: { arrived: r.arrived, left: r.left },
  }));
}

/** The device's latest fixes, newest first. */
async function latestFixes(db: Db, device: number) {
  const rows = await db
    .select({ fixedAt: positions.fixedAt, latE7: positions.latE7, lonE7: positions.lonE7 })
    .from(positions)
    .where(eq(positions.device, device))
    .orderBy(desc(positions.fixedAt))
    .limit(PRESENCE_FIXES);
  return rows.map((r) => ({ fixedAt: r.fixedAt, latitude: r.latE7 / E7, longitude: r.lonE7 / E7 }));
}

/**
 * After a fix of `device` is stored: writes the arrival or leaving it completes on each started
 * mission of the device's provider, from the fixes taken during the mission (since its acceptance).
 * The event carries the first fix of the stretch (when and where the team crossed the radius); its
 * own time is when it was written.
 */
export async function detectPresence(db: Db, device: { key: number; provider: string }, now: Date): Promise<void> {
  const open = (await candidates(db, device.provider)).filter((m) => !m.recorded.left);
  if (open.length === 0) return;
  const fixes = await latestFixes(db, device.key);
  for (const mission of open) {
    const during = fixes.filter((fix) => mission.since === null || fix.fixedAt >= mission.since);
    if (presenceStep(during, mission.place, mission.radius, mission.recorded) === null) continue;
    await db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: missions.status }).from(missions).where(eq(missions.id, mission.id)).for('update', { of: missions });
      if (locked?.status !== 'started') return;
      // Read in a statement of its own, after the lock: the locking statement's snapshot predates
      // the event another writer committed while this one waited.
      const [recorded] = await tx
        .select({ arrived: timelineHas('team_arrived'), left: timelineHas('team_left') })
        .from(missions)
        .where(eq(missions.id, mission.id));
      const action = recorded ? presenceStep(during, mission.place, mission.radius, recorded) : null;
      if (action === null) return;
      const crossed = during[PRESENCE_FIXES - 1]!;
      await recordEvent(
        tx,
        PRESENCE_ACTOR,
        {
          mission: mission.id,
          action,
          from: null,
          to: null,
          provider: await providerName(tx, device.provider),
          details: { fixedAt: crossed.fixedAt.toISOString(), latitude: crossed.latitude, longitude: crossed.longitude },
        },
        now,
      );
    });
  }
}
