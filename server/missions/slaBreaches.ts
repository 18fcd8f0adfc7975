import { sql, type SQL } from 'drizzle-orm';
import {
  PROVIDER_SLA_PHASES,
  SLA_BREACH_ACTIONS,
  phaseOfBreach,
  slaPhases,
  type SlaPhase,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import type { Db } from '../db/client';
import { missionConfigs, missions } from '../db/schema';
import { recordEvent, type EventActor } from './events';
import { providerName } from './lock';
import { SLA_SELECT, slaOf, type SlaRaw } from './slaColumns';
import { rowsOf } from './viewer';

/**
 * Breaches of the SLA targets (src/domain/missions/sla.ts decides them) written on the mission's
 * timeline, each phase of a mission once, ever.
 *
 * When: a sweep every SLA_SWEEP_INTERVAL_MS in the server (and once at start), plus right after a
 * risk manager saves new targets (they apply to the running clocks at once). The mission writers
 * (acceptance, finish, billing…) are left alone on purpose: a phase that ended late is found by the
 * next sweep, because its end is recent, so a breach reaches the timeline within the interval
 * whatever wrote the mission, and no write waits for it. The monitoring table does not depend on it
 * either: its clock turns red from the row's own moments.
 *
 * Exactly once: the writer locks the mission row (the order every mission writer uses: row, then
 * the chain), reads the breaches already written after taking the lock, and the unique index
 * mission_events_sla_breach_idx refuses a second one whatever happens.
 */
export const SLA_SWEEP_INTERVAL_MS = 30_000;

/** A phase that ended this recently is still looked at: the sweep may not have run since it ended. */
const RECENT_END_MS = 24 * 60 * 60 * 1000;

/** The statuses in which some phase can run (sla.ts RUNS_WHILE). */
const ACTIVE: StoredMissionStatus[] = ['open', 'started', 'finished', 'billed_shipper', 'billed_provider'];

/** The server's own name on the timeline. */
export const SLA_ACTOR: EventActor = { id: null, name: 'Monitor de prazos', role: { type: 'admin', perfil: 'admin' } };

interface CandidateRow extends SlaRaw {
  id: string;
  status: StoredMissionStatus;
  created_at: Date | string;
  service_provider_id: string | null;
  breaches: string[] | null;
}

/** The mission's tenant has some target (its mission_configs row, joined once to every mission). */
const anyTarget = sql`(${missionConfigs.slaProposal} is not null or ${missionConfigs.slaAccept} is not null or ${missionConfigs.slaArrival} is not null
    or ${missionConfigs.slaExecution} is not null or ${missionConfigs.slaBilling} is not null)`;

/**
 * The running phase of an active mission, as sla.ts decides it (the phases follow each other, so
 * the status and the moments already reached name it): the breach it would write, and the moment
 * it is due — null while it has not begun or has no target (the arrival's is the promised ETA plus
 * the tenant's tolerance).
 */
const running = {
  breach: sql`case
    when ${missions.status} = 'open' then case when ${missions.slaFirstProposalAt} is null then ${SLA_BREACH_ACTIONS.proposal} else ${SLA_BREACH_ACTIONS.accept} end
    when ${missions.status} = 'started' then case when ${missions.slaArrivedAt} is null then ${SLA_BREACH_ACTIONS.arrival} else ${SLA_BREACH_ACTIONS.execution} end
    else ${SLA_BREACH_ACTIONS.billing} end`,
  due: sql`case
    when ${missions.status} = 'open' and ${missions.slaFirstProposalAt} is null then ${missions.createdAt} + ${missionConfigs.slaProposal} * interval '1 minute'
    when ${missions.status} = 'open' then ${missions.slaFirstProposalAt} + ${missionConfigs.slaAccept} * interval '1 minute'
    when ${missions.status} = 'started' and ${missions.slaArrivedAt} is null
      then ${missions.slaAcceptedAt} + (${missions.slaEtaMinutes} + ${missionConfigs.slaArrival}) * interval '1 minute'
    when ${missions.status} = 'started' then ${missions.slaArrivedAt} + ${missionConfigs.slaExecution} * interval '1 minute'
    else ${missions.slaFinishedAt} + ${missionConfigs.slaBilling} * interval '1 minute' end`,
};

/**
 * Of the active missions, those whose running phase is past its target with its breach not
 * written yet (a phase that ended late is found by `recent`); slaPhases still judges each one.
 * Judged whatever was written, a tenant's finished missions waiting for billing and its open
 * missions that breached long ago were thousands of rows read and judged again every 30 s: they
 * held the embedded database, and the request thread for ~60 ms (a CPU profile of bench monitoring).
 */
const judgeable = (now: Date, ids: Ids) => sql`${running.due} < ${now}
  and not exists (select 1 from mission_events e where e.mission_id = ${missions.id} and ${ids(sql`e.mission_id`)}
    and e.action like 'sla_breached_%' and e.action = ${running.breach})`;

/**
 * The missions looked at, as a condition on a mission id column: the same range is put on the
 * missions and on their events, so that PostgreSQL reads both by their id indexes (without it, the
 * breaches already written were hashed in full for every slice, and the missions read through the
 * tenant's index: 30 ms a slice of 1,000 on PGlite for the bench's 100,000 missions, 12 ms with it).
 */
type Ids = (column: SQL) => SQL;

/** The missions with id after `after` (exclusive) up to `end` (inclusive); null leaves that side open. */
const idRange = (after: string | null, end: string | null): Ids => (column) =>
  sql.join([sql`true`, ...(after === null ? [] : [sql`${column} > ${after}`]), ...(end === null ? [] : [sql`${column} <= ${end}`])], sql` and `);

/** `only` (the tenant's missions, or all) with ids in `ids`. */
function candidates(db: Db, now: Date, only: SQL, ids: Ids): Promise<CandidateRow[]> {
  const since = new Date(now.getTime() - RECENT_END_MS);
  const recent = sql`greatest(${missions.slaFirstProposalAt}, ${missions.slaAcceptedAt}, ${missions.slaArrivedAt},
    ${missions.slaFinishedAt}, ${missions.slaBilledAt}) >= ${since}`;
  return rowsOf<CandidateRow>(
    db,
    sql`select ${missions.id}, ${missions.status}, ${missions.createdAt}, ${missions.serviceProvider}, ${SLA_SELECT},
        array(select action from mission_events e where e.mission_id = ${missions.id} and e.action like 'sla_breached_%') as breaches
      from (select * from ${missions} where ${only} and ${ids(sql`${missions.id}`)} offset 0) as ${missions}
        join ${missionConfigs} on ${missionConfigs.riskManager} = ${missions.riskManager}
      where ${anyTarget} and ((${missions.status} in ${ACTIVE} and ${judgeable(now, ids)}) or ${recent})`,
  );
}

/**
 * The phases of a candidate breached by now and not written yet: running past the target, or ended
 * late within RECENT_END_MS. A phase that ended long ago is not judged again when targets change
 * (the timeline records breaches of the targets in force when they happened); the dashboard still
 * judges it by the rule.
 */
function newBreaches(row: CandidateRow, now: Date): SlaPhase[] {
  const recorded = new Set((row.breaches ?? []).map(phaseOfBreach));
  const mission = { status: row.status, createdAt: new Date(row.created_at).toISOString(), sla: slaOf(row) };
  const since = now.getTime() - RECENT_END_MS;
  return slaPhases(mission, now.getTime())
    .filter((p) => p.state === 'breached' && (p.endedAt === null || p.endedAt >= since) && !recorded.has(p.phase))
    .map((p) => p.phase);
}

/** Writes the mission's new breaches under its row lock; answers how many were written. */
async function writeBreaches(db: Db, id: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${missions} where ${missions.id} = ${id} for update`);
    const [row] = await candidates(tx, now, sql`true`, (column) => sql`${column} = ${id}`);
    if (!row) return 0;
    const phases = newBreaches(row, now);
    for (const phase of phases) {
      const holder = PROVIDER_SLA_PHASES.includes(phase) && row.service_provider_id ? await providerName(tx, row.service_provider_id) : null;
      await recordEvent(tx, SLA_ACTOR, { mission: id, action: SLA_BREACH_ACTIONS[phase], from: null, to: null, provider: holder, details: { phase } }, now);
    }
    return phases.length;
  });
}

/**
 * The sweep reads the missions this many at a time, in id order: each read is one statement of
 * ~10 ms on the embedded PGlite, which runs one statement at a time, so the requests queued behind
 * it wait for one slice, not the whole read (read in one go, the bench's 100,000 missions held the
 * database 130–440 ms every 30 s; in slices of 5,000, 20–50 ms each: the slowest polls of bench
 * monitoring, up to 100 ms).
 */
const SCAN_SLICE = 1_000;

/**
 * How long the sweep judges missions before letting waiting requests through: judged in one go,
 * the open and started missions of the bench's 100,000 held the request thread for ~60 ms (a CPU
 * profile of bench monitoring), longer than the polls' whole p99 budget.
 */
const JUDGING_SLICE_MS = 4;

/** The end (inclusive) of the slice of missions after `after` in id order; null when it is the last. */
async function sliceEnd(db: Db, only: SQL, after: string | null): Promise<string | null> {
  const [edge] = await rowsOf<{ id: string }>(
    db,
    sql`select ${missions.id} as id from ${missions} where ${only} and ${idRange(after, null)(sql`${missions.id}`)}
      order by ${missions.id} offset ${SCAN_SLICE - 1} limit 1`,
  );
  return edge?.id ?? null;
}

/** Records every breach found at `now` (of one tenant, or all); answers how many were written. */
export async function recordSlaBreaches(db: Db, now: Date, riskManager?: string): Promise<number> {
  const only = riskManager ? sql`${missions.riskManager} = ${riskManager}` : sql`true`;
  let written = 0;
  let after: string | null = null;
  do {
    const end = await sliceEnd(db, only, after);
    let judging = performance.now();
    for (const row of await candidates(db, now, only, idRange(after, end))) {
      if (performance.now() - judging > JUDGING_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        judging = performance.now();
      }
      if (newBreaches(row, now).length > 0) {
        written += await writeBreaches(db, row.id, now);
        judging = performance.now();
      }
    }
    after = end;
  } while (after !== null);
  return written;
}

interface SweepLog {
  info: (data: object, message: string) => void;
  error: (data: object, message: string) => void;
}

/** Runs the sweep now and every `intervalMs`; answers the function that stops it (waiting for a running sweep). */
export function startSlaSweep(db: Db, log: SweepLog, now: () => Date = () => new Date(), intervalMs = SLA_SWEEP_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = recordSlaBreaches(db, now())
      .then((written) => {
        if (written > 0) log.info({ written }, 'prazos (SLA) estourados registrados');
      })
      .catch((error: unknown) => log.error({ err: error }, 'verificação de prazos (SLA) falhou'))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
