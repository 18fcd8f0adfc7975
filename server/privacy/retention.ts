import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { DEFAULT_RETENTION } from '../../src/domain/privacy';
import { ANONYMISED_MARKER } from '../../src/domain/privacy/eventPersonal';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { missionAgents, missions, missionVehicles, privacyRetentionRuns, privacySettings, riskManagers } from '../db/schema';
import { startPeriodicPass, type PassLog } from '../shared/periodicPass';
import { brasiliaToday } from '../../src/domain/privacy/schemas';
import { eraseEventValues } from './eventErasure';

/**
 * The daily retention pass (docs/rules/privacy.md): per tenant, the drivers' and agents' names and
 * CPFs on missions finished (or canceled) longer ago than its years are anonymised, in the tables
 * and in the timelines. Positions are the positions feature's hourly pass
 * (server/positions/retention.ts), which reads each tenant's days from the same settings.
 * Every instance ticks; the one that inserts the day in privacy_retention_runs runs it, so two
 * instances never run the same day twice. Each tenant's counts go to the audit trail.
 */

export const PRIVACY_RETENTION_INTERVAL_MS = 3600_000;

/** The tenant's retention: its row, or the defaults. */
export async function retentionOf(db: Db, tenant: string): Promise<{ positionDays: number; missionPeopleYears: number }> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.riskManager, tenant));
  return row ? { positionDays: row.positionDays, missionPeopleYears: row.missionPeopleYears } : { ...DEFAULT_RETENTION };
}

/** Who the audit trail names for the pass: the server itself. */
const RETENTION_ACTOR = { actor: { id: null, name: 'Sistema (retenção LGPD)', email: '' }, ip: '' };

/** Anonymises one tenant's expired mission people; answers how many drivers and agents. */
export async function expireMissionPeople(db: Db, tenant: string, years: number, now: Date): Promise<{ drivers: number; agents: number; events: number }> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  const expired = sql`(select ${missions.id} from ${missions} where ${missions.riskManager} = ${tenant}
    and ${missions.status} not in ('open', 'started') and coalesce(${missions.slaFinishedAt}, ${missions.updatedAt}) < ${cutoff.toISOString()}::timestamptz)`;
  return db.transaction(async (tx) => {
    const vehicles = await tx
      .select({ id: missionVehicles.id, mission: missionVehicles.mission })
      .from(missionVehicles)
      .where(and(inArray(missionVehicles.mission, expired), sql`${missionVehicles.driver} <> ${ANONYMISED_MARKER}`));
    const agents = await tx
      .select({ id: missionAgents.id, mission: missionAgents.mission })
      .from(missionAgents)
      .where(and(inArray(missionAgents.mission, expired), sql`${missionAgents.name} <> ${ANONYMISED_MARKER}`));
    if (vehicles.length > 0) await tx.update(missionVehicles).set({ driver: ANONYMISED_MARKER, driverPin: null }).where(inArray(missionVehicles.id, vehicles.map((v) => v.id)));
    if (agents.length > 0) await tx.update(missionAgents).set({ name: ANONYMISED_MARKER }).where(inArray(missionAgents.id, agents.map((a) => a.id)));
    // Every person on an expired mission's timeline (drivers, agents and the actors' names) goes.
    const touched = [...new Set([...vehicles, ...agents].map((row) => row.mission))];
    const events = await eraseEventValues(tx, touched, () => true);
    const counts = { drivers: vehicles.length, agents: agents.length, events };
    if (counts.drivers + counts.agents + counts.events > 0) {
      await recordAudit(tx, RETENTION_ACTOR, { entity: 'privacyRetention', action: 'anonymised', record: null, tenant, after: counts });
    }
    return counts;
  });
}

/** Drops days older than a month from the run register (kept small; a day is only compared to today). */
const pruneRetentionRuns = (db: Db, now: Date) =>
  db.delete(privacyRetentionRuns).where(lt(privacyRetentionRuns.day, new Date(now.getTime() - 31 * 86_400_000).toISOString().slice(0, 10)));

/** One day's pass over every tenant, once across instances; answers the records anonymised (0: already run today). */
export async function runPrivacyRetention(db: Db, now: Date): Promise<number> {
  const claimed = await db.insert(privacyRetentionRuns).values({ day: brasiliaToday(now) }).onConflictDoNothing().returning({ day: privacyRetentionRuns.day });
  if (claimed.length === 0) return 0;
  await pruneRetentionRuns(db, now);
  let total = 0;
  for (const { id } of await db.select({ id: riskManagers.id }).from(riskManagers)) {
    const { missionPeopleYears } = await retentionOf(db, id);
    const counts = await expireMissionPeople(db, id, missionPeopleYears, now);
    total += counts.drivers + counts.agents;
  }
  return total;
}

/** Runs the pass now and every hour (the first tick of each day does the day's work). */
export function startPrivacyRetention(db: Db, log: PassLog, now: () => Date = () => new Date(), intervalMs = PRIVACY_RETENTION_INTERVAL_MS): () => Promise<void> {
  return startPeriodicPass({
    run: () => runPrivacyRetention(db, now()),
    intervalMs,
    log,
    done: 'dados pessoais além do prazo de guarda anonimizados',
    failed: 'retenção LGPD falhou',
  });
}

