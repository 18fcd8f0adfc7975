import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  PROVIDER_SLA_PHASES,
  SLA_BREACH_ACTIONS,
  phaseOfBreach,
  slaPhases,
  type SlaPhase,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import type { Db } from '../db/client';
import { missionConfigs, missions, slaEnds } from '../db/schema';
import { recordEvent, type EventActor } from './events';
import { providerName } from './lock';
import { SLA_SELECT, slaOf, type SlaRaw } from './slaColumns';
import { rowsOf } from './viewer';
import { startPeriodicPass, type PassLog } from '../shared/periodicPass';

/**
 * Breaches of the SLA targets (src/domain/missions/sla.ts decides them) written on the mission's
 * timeline, each phase of a mission once, ever.
 *
 * When: a sweep every SLA_SWEEP_INTERVAL_MS in the server (and once at start), plus right after a
 * risk manager saves new targets (they apply to the running clocks at once). The mission writers
 * (acceptance, finish, billing…) are left alone on purpose: a phase that ends waits in sla_ends (put
 * there by a trigger in the writer's transaction, migration 0037) until the next sweep judges it,
 * so a breach reaches the timeline within the interval whatever wrote the mission and however old
 * the end's moment is (an arrival reading typed in days later, a server that was down), and no
 * write waits for it. The monitoring table does not depend on it either: its clock turns red from
 * the row's own moments.
 *
 * Exactly once: the writer locks the mission row (the order every mission writer uses: row, then
 * the chain), reads the breaches already written after taking the lock (kept on the row by the
 * timeline's trigger, migration 0031, in the transaction that writes them), and the unique index
 * mission_events_sla_breach_idx refuses a second one whatever happens.
 */
export const SLA_SWEEP_INTERVAL_MS = 30_000;

/** The server's own name on the timeline. */
export const SLA_ACTOR: EventActor = { id: null, name: 'Monitor de prazos', role: { type: 'admin', perfil: 'admin' } };

interface CandidateRow extends SlaRaw {
  id: string;
  status: StoredMissionStatus;
  created_at: Date | string;
  service_provider_id: string | null;
  breaches: string[] | null;
  /** Its phases whose end waits in sla_ends to be judged. */
  ended: SlaPhase[] | null;
}

/** The mission's tenant has some target (its mission_configs row, joined once to every mission). */
const anyTarget = sql`(${missionConfigs.slaProposal} is not null or ${missionConfigs.slaAccept} is not null or ${missionConfigs.slaArrival} is not null
    or ${missionConfigs.slaExecution} is not null or ${missionConfigs.slaBilling} is not null)`;

/**
 * The moment the running phase of an active mission is due, as sla.ts decides it (the phases follow
 * each other, so the status and the moments already reached name it): null while it has not begun
 * or has no target (the arrival's is the promised ETA plus the tenant's tolerance).
 */
const runningDue = sql`case
    when ${missions.status} = 'open' and ${missions.slaFirstProposalAt} is null then ${missions.createdAt} + ${missionConfigs.slaProposal} * interval '1 minute'
    when ${missions.status} = 'open' then ${missions.slaFirstProposalAt} + ${missionConfigs.slaAccept} * interval '1 minute'
    when ${missions.status} = 'started' and ${missions.slaArrivedAt} is null
      then ${missions.slaAcceptedAt} + (${missions.slaEtaMinutes} + ${missionConfigs.slaArrival}) * interval '1 minute'
    when ${missions.status} = 'started' then ${missions.slaArrivedAt} + ${missionConfigs.slaExecution} * interval '1 minute'
    else ${missions.slaFinishedAt} + ${missionConfigs.slaBilling} * interval '1 minute' end`;

/**
 * The running phase has begun and its breach is not on the timeline (migration 0031's sla_pending,
 * written as its partial index missions_sla_pending_idx is, so that PostgreSQL reads that index).
 */
const pending = sql`sla_pending(${missions.status}, ${missions.slaFirstProposalAt}, ${missions.slaAcceptedAt}, ${missions.slaArrivedAt}, ${missions.slaFinishedAt}, ${missions.slaBreached})`;

/** The phases of the mission whose end waits to be judged (sla_ends' primary key). */
const endedPhases = sql`array(select ${slaEnds.phase} from ${slaEnds} where ${slaEnds.mission} = ${missions.id})`;

/**
 * The missions of `only` whose running phase is past its target with its breach not written, and
 * those with a phase end waiting in sla_ends; slaPhases still judges each one. The sweep reads both
 * sets from their indexes (recordSlaBreaches); judged whatever was written, every mission of every
 * tenant was read every 30 s — ~1 s of the embedded PGlite at 100,000 missions, holding the
 * requests queued behind it (bench monitoring).
 */
function candidates(db: Db, now: Date, only: SQL): Promise<CandidateRow[]> {
  return rowsOf<CandidateRow>(
    db,
    sql`select ${missions.id}, ${missions.status}, ${missions.createdAt}, ${missions.serviceProvider}, ${SLA_SELECT},
        ${missions.slaBreached} as breaches, ${endedPhases} as ended
      from ${missions} left join ${missionConfigs} on ${missionConfigs.riskManager} = ${missions.riskManager}
      where ${only} and ((${anyTarget} and ${pending} and ${runningDue} < ${now})
        or exists (select 1 from ${slaEnds} where ${slaEnds.mission} = ${missions.id}))`,
  );
}

/**
 * The phases of a candidate breached by now and not written yet: running past the target, or ended
 * late with its end waiting in sla_ends. A phase judged once is not judged again when targets
 * change (the timeline records breaches of the targets in force when they happened); the dashboard
 * still judges it by the rule.
 */
function newBreaches(row: CandidateRow, now: Date): SlaPhase[] {
  const recorded = new Set((row.breaches ?? []).map(phaseOfBreach));
  const ended = new Set(row.ended ?? []);
  const mission = { status: row.status, createdAt: new Date(row.created_at).toISOString(), sla: slaOf(row) };
  return slaPhases(mission, now.getTime())
    .filter((p) => p.state === 'breached' && (p.endedAt === null || ended.has(p.phase)) && !recorded.has(p.phase))
    .map((p) => p.phase);
}

/** The candidate has something to write: a breach, or phase ends to take off the queue. */
const hasWork = (row: CandidateRow, now: Date) => (row.ended?.length ?? 0) > 0 || newBreaches(row, now).length > 0;

/**
 * Writes the mission's new breaches under its row lock and takes the ends it judged off the queue
 * (a writer adds ends only under that lock, so none arrives between the read and the removal);
 * answers how many breaches were written.
 */
async function writeBreaches(db: Db, id: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${missions} where ${missions.id} = ${id} for update`);
    const [row] = await candidates(tx, now, sql`${missions.id} = ${id}`);
    if (!row) return 0;
    const phases = newBreaches(row, now);
    for (const phase of phases) {
      const holder = PROVIDER_SLA_PHASES.includes(phase) && row.service_provider_id ? await providerName(tx, row.service_provider_id) : null;
      await recordEvent(tx, SLA_ACTOR, { mission: id, action: SLA_BREACH_ACTIONS[phase], from: null, to: null, provider: holder, details: { phase } }, now);
    }
    if ((row.ended?.length ?? 0) > 0) await tx.delete(slaEnds).where(and(eq(slaEnds.mission, id), inArray(slaEnds.phase, row.ended ?? [])));
    return phases.length;
  });
}

/**
 * How long the sweep judges missions before letting waiting requests through: judged in one go,
 * the open and started missions of the bench's 100,000 held the request thread longer than the
 * polls' whole p99 budget (a CPU profile of bench `monitoring`; docs/performance.md).
 */
const JUDGING_SLICE_MS = 4;

/** Records every breach found at `now` (of one tenant, or all); answers how many were written. */
export async function recordSlaBreaches(db: Db, now: Date, riskManager?: string): Promise<number> {
  // The ids first, from the pending index and the queue alone, then each mission by its key:
  // PostgreSQL cannot tell how few missions are pending, and joined directly it also read the
  // tenant's whole index.
  const looked = sql`${missions.id} = any(array(select ${missions.id} from ${missions} where ${pending}
    union select ${slaEnds.mission} from ${slaEnds}))`;
  const only = riskManager ? sql`${looked} and ${missions.riskManager} = ${riskManager}` : looked;
  let written = 0;
  let judging = performance.now();
  for (const row of await candidates(db, now, only)) {
    if (performance.now() - judging > JUDGING_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      judging = performance.now();
    }
    if (hasWork(row, now)) {
      written += await writeBreaches(db, row.id, now);
      judging = performance.now();
    }
  }
  return written;
}

/** Runs the sweep now and every `intervalMs`; answers the function that stops it (waiting for a running sweep). */
export function startSlaSweep(db: Db, log: PassLog, now: () => Date = () => new Date(), intervalMs = SLA_SWEEP_INTERVAL_MS): () => Promise<void> {
  return startPeriodicPass({
    run: () => recordSlaBreaches(db, now()),
    intervalMs,
    log,
    done: 'prazos (SLA) estourados registrados',
    failed: 'verificação de prazos (SLA) falhou',
  });
}
