import { and, desc, eq, isNull } from 'drizzle-orm';
import { ALARM_MESSAGES, ALARM_RAISE_ACTIONS, type AlarmKind } from '../../src/domain/alarms';
import type { Alarm, SosState } from '../../src/domain/alarms/contracts';
import type { SosRaiseValues } from '../../src/domain/schemas/sosRaise';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { missionAlarms, missionConfigs, missions } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors/httpErrors';
import { recordEvent, type EventActor } from '../missions/events';
import { providerName } from '../missions/lock';
import { readableMission } from '../missions/missionAccess';
import type { AuthUser } from '../shared/session';
import { lastTeamFix, type TeamFix } from './teamPosition';

/**
 * The alarms of a mission (docs/rules/alarms.md): the holder's SOS, the server's 'Equipe sem sinal',
 * and the risk manager's 'Ciente'. Each raise and each 'Ciente' writes its event on the mission's
 * hash-chained timeline in the same transaction, and that event is what reaches the screens (the
 * live stream) and the devices (push), by the competition rule: the risk manager's users and the
 * holder, never a competitor nor another tenant.
 *
 * At most one open alarm per mission and kind: the raiser locks the mission row (the order every
 * mission writer uses: row, then the chain) and reads the open alarm after the lock; the unique
 * index mission_alarms_open_idx refuses a second whatever happens. A second press, or the outbox's
 * replay of the first, answers the open alarm and writes nothing.
 */

type AlarmRow = typeof missionAlarms.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

const alarmOf = (row: AlarmRow, processNumber: string | null): Alarm => ({
  _id: row.id,
  kind: row.kind,
  mission: row.mission,
  processNumber,
  raisedAt: row.raisedAt.toISOString(),
  raisedByName: row.raisedByName,
  latitude: row.latitude,
  longitude: row.longitude,
  silenceMinutes: row.silenceMinutes,
  acknowledgedAt: iso(row.acknowledgedAt),
  acknowledgedByName: row.acknowledgedByName,
  escalatedAt: iso(row.escalatedAt),
});

async function openAlarm(tx: Db, mission: string, kind: AlarmKind): Promise<AlarmRow | undefined> {
  const [row] = await tx
    .select()
    .from(missionAlarms)
    .where(and(eq(missionAlarms.mission, mission), eq(missionAlarms.kind, kind), isNull(missionAlarms.acknowledgedAt)));
  return row;
}

export interface AlarmRaise {
  mission: string;
  kind: AlarmKind;
  /** Who raised it: the user who pressed SOS, or the server (no id). */
  actor: EventActor;
  /** Where the team was; null when nothing is known. */
  where: TeamFix | null;
  silenceMinutes: number | null;
}

/**
 * Writes the alarm and its timeline event, the mission row already locked by the caller and its
 * holder still running it; answers the open alarm of that kind when there is one (nothing written).
 */
export async function raiseAlarm(tx: Db, holder: string, raise: AlarmRaise, now: Date): Promise<{ row: AlarmRow; raised: boolean }> {
  const open = await openAlarm(tx, raise.mission, raise.kind);
  if (open) return { row: open, raised: false };
  const [row] = await tx
    .insert(missionAlarms)
    .values({
      id: newId(),
      mission: raise.mission,
      kind: raise.kind,
      raisedAt: now,
      raisedByUser: raise.actor.id,
      raisedByName: raise.actor.name,
      latitude: raise.where?.latitude ?? null,
      longitude: raise.where?.longitude ?? null,
      silenceMinutes: raise.silenceMinutes,
    })
    .returning();
  if (!row) throw new Error('alarme não gravado');
  const position = raise.where && { fixedAt: raise.where.fixedAt.toISOString(), latitude: raise.where.latitude, longitude: raise.where.longitude };
  await recordEvent(
    tx,
    raise.actor,
    {
      mission: raise.mission,
      action: ALARM_RAISE_ACTIONS[raise.kind],
      from: null,
      to: null,
      provider: await providerName(tx, holder),
      details: { alarm: row.id, silenceMinutes: raise.silenceMinutes, ...position },
    },
    now,
  );
  return { row, raised: true };
}

/**
 * POST {id}/sos: the holder's team raises an SOS on its started mission. 404 for whoever may not
 * read the mission (a competitor, another tenant), 403 for the risk manager's users and admins,
 * 409 once the mission is no longer started. Where: the phone's own reading when it sent one,
 * else the team's last tracked position since the acceptance.
 */
export async function raiseSos(db: Db, user: AuthUser, id: string, body: SosRaiseValues, now: Date): Promise<Alarm> {
  const access = await readableMission(db, user, id);
  if (access.actor !== 'holder') throw forbidden(ALARM_MESSAGES.onlyHolder);
  return db.transaction(async (tx) => {
    const [mission] = await tx
      .select({ status: missions.status, holder: missions.serviceProvider, since: missions.slaAcceptedAt, processNumber: missions.processNumber })
      .from(missions)
      .where(eq(missions.id, id))
      .for('update', { of: missions });
    if (!mission?.holder || mission.holder !== user.serviceProvider) throw forbidden(ALARM_MESSAGES.onlyHolder);
    if (mission.status !== 'started') throw conflict(ALARM_MESSAGES.notStarted);
    const phone = body.latitude !== null && body.longitude !== null ? { latitude: body.latitude, longitude: body.longitude, fixedAt: now } : null;
    const where = phone ?? (await lastTeamFix(tx, mission.holder, mission.since));
    const { row } = await raiseAlarm(tx, mission.holder, { mission: id, kind: 'sos', actor: user, where, silenceMinutes: null }, now);
    return alarmOf(row, mission.processNumber);
  });
}

/** GET {id}/sos: the holder's latest SOS on the mission (open or answered) and the tenant's emergency phone. */
export async function sosState(db: Db, user: AuthUser, id: string): Promise<SosState> {
  const access = await readableMission(db, user, id);
  if (access.actor !== 'holder') throw forbidden(ALARM_MESSAGES.onlyHolder);
  const [mission] = await db
    .select({ processNumber: missions.processNumber, phone: missionConfigs.alarmsPhone })
    .from(missions)
    .leftJoin(missionConfigs, eq(missionConfigs.riskManager, missions.riskManager))
    .where(eq(missions.id, id));
  const [latest] = await db
    .select()
    .from(missionAlarms)
    .where(and(eq(missionAlarms.mission, id), eq(missionAlarms.kind, 'sos')))
    .orderBy(desc(missionAlarms.raisedAt))
    .limit(1);
  const processNumber = mission?.processNumber ?? null;
  return { phone: mission?.phone ?? null, processNumber, alarm: latest ? alarmOf(latest, processNumber) : null };
}

/** Only the risk manager's own users answer its alarms (docs/rules/alarms.md); admins and providers do not. */
function tenantOf(user: AuthUser): string {
  if (user.role.type !== 'risk_manager' || !user.riskManager) throw forbidden();
  return user.riskManager;
}

/** GET alarms: the open alarms of the caller's tenant, oldest first (the one waiting longest on top). */
export async function openAlarms(db: Db, user: AuthUser): Promise<Alarm[]> {
  const tenant = tenantOf(user);
  const rows = await db
    .select({ alarm: missionAlarms, processNumber: missions.processNumber })
    .from(missionAlarms)
    .innerJoin(missions, eq(missions.id, missionAlarms.mission))
    .where(and(isNull(missionAlarms.acknowledgedAt), eq(missions.riskManager, tenant)))
    .orderBy(missionAlarms.raisedAt, missionAlarms.id);
  return rows.map((r) => alarmOf(r.alarm, r.processNumber));
}

/**
 * POST alarms/{id}/acknowledge: 'Ciente', who and when recorded, with its event on the timeline.
 * Another tenant's alarm is 404 as one that does not exist; a second 'Ciente' is a 409 that says
 * who answered first, and changes nothing.
 */
export async function acknowledgeAlarm(db: Db, user: AuthUser, id: string, now: Date): Promise<Alarm> {
  const tenant = tenantOf(user);
  if (!isId(id)) throw notFound(ALARM_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ mission: missionAlarms.mission })
      .from(missionAlarms)
      .innerJoin(missions, eq(missions.id, missionAlarms.mission))
      .where(and(eq(missionAlarms.id, id), eq(missions.riskManager, tenant)));
    if (!found) throw notFound(ALARM_MESSAGES.notFound);
    const [mission] = await tx
      .select({ processNumber: missions.processNumber, holder: missions.serviceProvider })
      .from(missions)
      .where(eq(missions.id, found.mission))
      .for('update', { of: missions });
    // Read after the mission's lock: another 'Ciente' that committed meanwhile is seen here.
    const [alarm] = await tx.select().from(missionAlarms).where(eq(missionAlarms.id, id));
    if (!alarm || !mission) throw notFound(ALARM_MESSAGES.notFound);
    if (alarm.acknowledgedAt) throw conflict(ALARM_MESSAGES.alreadyAcknowledged(alarm.acknowledgedByName ?? '', alarm.acknowledgedAt.toISOString()));
    const [row] = await tx
      .update(missionAlarms)
      .set({ acknowledgedAt: now, acknowledgedByUser: user.id, acknowledgedByName: user.name })
      .where(and(eq(missionAlarms.id, id), isNull(missionAlarms.acknowledgedAt)))
      .returning();
    if (!row) throw notFound(ALARM_MESSAGES.notFound);
    await recordEvent(
      tx,
      user,
      {
        mission: found.mission,
        action: 'alarm_acknowledged',
        from: null,
        to: null,
        provider: mission.holder ? await providerName(tx, mission.holder) : null,
        details: { alarm: id, kind: alarm.kind },
      },
      now,
    );
    return alarmOf(row, mission.processNumber);
  });
}
