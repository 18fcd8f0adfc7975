/**
 * Service-level targets per mission phase (the risk manager's mission parameters): the ONE rule
 * that says which phase is running, since when, until when it is on time, when it turns amber and
 * whether it was breached. The monitoring table's live clock, the server's breach recording and
 * the dashboard's compliance all call slaPhases, so they can never disagree.
 *
 * The phases follow each other, so at most one runs at a time:
 *   proposal   creation → first completed proposal          (while the mission is open)
 *   accept     first proposal → acceptance                  (while open)
 *   arrival    acceptance → first agent on place; its target is the ETA the holder promised plus the
 *              risk manager's tolerance (a mission accepted without an ETA has no arrival target).
 *              While the team is on its way, the live estimate from its latest position
 *              (docs/rules/positions.md, "Previsão de chegada") is the phase's forecast: a projected
 *              arrival after the due moment turns the clock amber early. Only the due moment decides
 *              the breach, so the forecast never writes one.
 *   execution  arrival on place → finish                     (while started)
 *   billing    finish → both sides billed                    (while finished or half billed)
 * A phase whose mission moved past it without its end (e.g. finished with no arrival reading, or
 * canceled while open) is 'skipped': it neither met nor broke its target.
 */
import type { FromSchema } from '../fromSchema';
import { nullableInstant } from '../jsonSchemaParts';
import { arrivesInText, liveArrivesInMinutes } from '../positions/eta';
import type { StoredMissionStatus } from './statuses';

export const SLA_PHASES = ['proposal', 'accept', 'arrival', 'execution', 'billing'] as const;
export type SlaPhase = (typeof SLA_PHASES)[number];

export const SLA_PHASE_LABELS: Record<SlaPhase, string> = {
  proposal: 'Primeira proposta',
  accept: 'Aceite',
  arrival: 'Chegada no local',
  execution: 'Execução',
  billing: 'Faturamento',
};

/**
 * The phases a provider is answerable for, and the only ones it sees on the missions it holds
 * (competition rule): how fast others bid, how fast the risk manager accepted or billed is not its
 * business.
 */
export const PROVIDER_SLA_PHASES: readonly SlaPhase[] = ['arrival', 'execution'];

/**
 * What the holder sees of its mission's clocks: the targets of its own phases only, and none of the
 * moments that belong to the others (when someone first bid, when the shipper was billed).
 */
export const slaSeenByHolder = (sla: MissionSla): MissionSla => ({
  ...sla,
  firstProposalAt: null,
  billedAt: null,
  targets: { ...NO_SLA_TARGETS, arrival: sla.targets.arrival, execution: sla.targets.execution },
});

/** A clock turns amber once this share of its target has passed. */
export const SLA_AMBER_SHARE = 0.8;

/**
 * Minutes per phase; null: the phase has no target (no clock, never breached). For 'arrival' the
 * value is the tolerance added to the ETA the holder promised (0: exactly the ETA).
 */
export type SlaTargets = Record<SlaPhase, number | null>;

export const NO_SLA_TARGETS: SlaTargets = { proposal: null, accept: null, arrival: null, execution: null, billing: null };

const nullableMinutes = { type: ['integer', 'null'], minimum: 0 } as const;

/**
 * The phase clocks' inputs as the mission row carries them (src/domain/missions/responseSchemas.ts):
 * the moments as ISO texts and the tenant's targets.
 */
export const missionSlaSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['firstProposalAt', 'acceptedAt', 'etaMinutes', 'liveArrivalAt', 'arrivedAt', 'finishedAt', 'billedAt', 'targets'],
  properties: {
    firstProposalAt: nullableInstant,
    acceptedAt: nullableInstant,
    // Minutes the holder promised to be on place after acceptance (its approved proposal's ETA).
    etaMinutes: nullableMinutes,
    // When the team is projected on place by the live estimate from its latest position (kept on the
    // mission as positions arrive); null before any position or without the place's coordinates.
    liveArrivalAt: nullableInstant,
    arrivedAt: nullableInstant,
    finishedAt: nullableInstant,
    billedAt: nullableInstant,
    targets: {
      type: 'object',
      additionalProperties: false,
      required: [...SLA_PHASES],
      // Minutes per phase; null: the phase has no target (SlaTargets).
      properties: Object.fromEntries(SLA_PHASES.map((phase) => [phase, nullableMinutes])) as Record<SlaPhase, typeof nullableMinutes>,
    },
  },
} as const;

/** The moments a mission's phases turn on, as the mission row carries them (ISO), and its tenant's targets. */
export type MissionSla = NonNullable<FromSchema<typeof missionSlaSchema>>;

/** What the rule reads of a mission. */
export interface SlaMission {
  status: StoredMissionStatus | null;
  createdAt: string;
  sla: MissionSla;
}

export type SlaPhaseState =
  /** Not begun yet. */
  | 'pending'
  /** No target for it. */
  | 'untimed'
  /** The mission moved past it without its end. */
  | 'skipped'
  /** Running and on time (the clock decides green or amber). */
  | 'running'
  /** Ended on time. */
  | 'met'
  /** Ended late, or running past its target. */
  | 'breached';

export interface SlaPhaseResult {
  phase: SlaPhase;
  state: SlaPhaseState;
  /** Epoch ms; null while the phase has not begun. */
  startedAt: number | null;
  endedAt: number | null;
  /** Epoch ms of the target and of the amber mark; null without a target. */
  dueAt: number | null;
  amberAt: number | null;
  /**
   * Epoch ms the running arrival phase is projected to end by the live estimate; null for the other
   * phases, once ended, or when no estimate is still ahead of `now`.
   */
  forecastAt: number | null;
  /** The forecast ends the phase after its due moment: amber now, though only the due moment breaches. */
  forecastLate: boolean;
}

const ms = (iso: string | null): number | null => {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

/** The statuses during which each phase can run. */
const RUNS_WHILE: Record<SlaPhase, readonly StoredMissionStatus[]> = {
  proposal: ['open'],
  accept: ['open'],
  arrival: ['started'],
  execution: ['started'],
  billing: ['finished', 'billed_shipper', 'billed_provider'],
};

const MINUTE = 60_000;

/** Every phase of the mission at `now` (epoch ms), in order. */
export function slaPhases(mission: SlaMission, now: number): SlaPhaseResult[] {
  const { sla } = mission;
  const bounds: Record<SlaPhase, [number | null, number | null]> = {
    proposal: [ms(mission.createdAt), ms(sla.firstProposalAt)],
    accept: [ms(sla.firstProposalAt), ms(sla.acceptedAt)],
    arrival: [ms(sla.acceptedAt), ms(sla.arrivedAt)],
    execution: [ms(sla.arrivedAt), ms(sla.finishedAt)],
    billing: [ms(sla.finishedAt), ms(sla.billedAt)],
  };
  return SLA_PHASES.map((phase) => {
    const [startedAt, endedAt] = bounds[phase];
    const target = phase === 'arrival' ? arrivalTarget(sla) : sla.targets[phase];
    const dueAt = startedAt !== null && target !== null ? startedAt + target * MINUTE : null;
    const amberAt = startedAt !== null && dueAt !== null ? startedAt + (dueAt - startedAt) * SLA_AMBER_SHARE : null;
    const result = { phase, startedAt, endedAt, dueAt, amberAt, forecastAt: null, forecastLate: false };
    if (startedAt === null) return { ...result, state: 'pending' as const };
    if (dueAt === null) return { ...result, state: 'untimed' as const };
    if (endedAt !== null) return { ...result, state: endedAt <= dueAt ? ('met' as const) : ('breached' as const) };
    if (mission.status === null || !RUNS_WHILE[phase].includes(mission.status)) return { ...result, state: 'skipped' as const };
    const forecastAt = phase === 'arrival' ? liveForecast(sla, now) : null;
    return {
      ...result,
      forecastAt,
      forecastLate: forecastAt !== null && forecastAt > dueAt,
      state: now > dueAt ? ('breached' as const) : ('running' as const),
    };
  });
}

/** The live estimate's arrival while it is still ahead: one already past says nothing any more. */
function liveForecast(sla: MissionSla, now: number): number | null {
  const at = ms(sla.liveArrivalAt);
  return at !== null && at > now ? at : null;
}

/** The arrival target: the promised ETA plus the tolerance; none without either. */
function arrivalTarget(sla: MissionSla): number | null {
  const tolerance = sla.targets.arrival;
  return tolerance === null || sla.etaMinutes === null ? null : sla.etaMinutes + tolerance;
}

export type SlaColor = 'green' | 'amber' | 'red';

/** The monitoring table's clock: the running phase with a target, or null when none runs. */
export interface SlaClock {
  phase: SlaPhase;
  color: SlaColor;
  /** Milliseconds left until the target (negative once past it). */
  remainingMs: number;
  /** The arrival phase's live estimate in whole minutes ('chega em 12 min'); null without one. */
  arrivesInMinutes: number | null;
  /** Amber (or red) because the live estimate lands past the due moment, not only because time ran. */
  forecastLate: boolean;
}

export function slaClock(mission: SlaMission, now: number): SlaClock | null {
  const running = slaPhases(mission, now).find(
    (p) => p.endedAt === null && p.dueAt !== null && p.amberAt !== null && (p.state === 'running' || p.state === 'breached'),
  );
  if (!running || running.dueAt === null || running.amberAt === null) return null;
  const color: SlaColor = now > running.dueAt ? 'red' : now >= running.amberAt || running.forecastLate ? 'amber' : 'green';
  const arrivesInMinutes = running.forecastAt === null ? null : liveArrivesInMinutes(running.forecastAt, now);
  return { phase: running.phase, color, remainingMs: running.dueAt - now, arrivesInMinutes, forecastLate: running.forecastLate };
}

/** How long, as the clock shows it: '12:05' under an hour, '1:02:33' from an hour (no sign). */
export function slaRemainingText(remainingMs: number): string {
  const total = Math.floor(Math.abs(remainingMs) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** A phase past its target, in words that agree with the phase's gender ('Aceite atrasado'). */
export const SLA_PHASE_LATE_LABELS: Record<SlaPhase, string> = {
  proposal: 'Primeira proposta atrasada',
  accept: 'Aceite atrasado',
  arrival: 'Chegada no local atrasada',
  execution: 'Execução atrasada',
  billing: 'Faturamento atrasado',
};

/**
 * The clock's visible text: the time left ('Execução 12:05'), or once past the target the delay,
 * said in words ('Execução atrasada 12:47') — a bare '-12:47' read as nothing to a person.
 */
export function slaClockText({ phase, remainingMs, arrivesInMinutes }: Pick<SlaClock, 'phase' | 'remainingMs' | 'arrivesInMinutes'>): string {
  const clock = `${remainingMs < 0 ? SLA_PHASE_LATE_LABELS[phase] : SLA_PHASE_LABELS[phase]} ${slaRemainingText(remainingMs)}`;
  return arrivesInMinutes === null ? clock : `${clock} · ${arrivesInText(arrivesInMinutes)}`;
}

/** The timeline's event of a breached phase: one per phase and mission, ever. */
export const SLA_BREACH_ACTIONS = {
  proposal: 'sla_breached_proposal',
  accept: 'sla_breached_accept',
  arrival: 'sla_breached_arrival',
  execution: 'sla_breached_execution',
  billing: 'sla_breached_billing',
} as const satisfies Record<SlaPhase, string>;
export type SlaBreachAction = (typeof SLA_BREACH_ACTIONS)[SlaPhase];

export const phaseOfBreach = (action: string): SlaPhase | null =>
  SLA_PHASES.find((phase) => SLA_BREACH_ACTIONS[phase] === action) ?? null;

/** One line of compliance: phases met on time against phases that broke their target. */
export interface SlaCompliance {
  met: number;
  breached: number;
  /** met / (met + breached); null when nothing was measured. */
  rate: number | null;
}

/**
 * A mission's verdict per phase for compliance: 'met', 'breached' or null (not measured: pending,
 * untimed, skipped or still on time). A breach already recorded on the timeline counts as breached
 * even if the targets changed since: the record holds the target in force when it happened.
 */
export function slaVerdicts(mission: SlaMission, recorded: readonly SlaPhase[], now: number): Partial<Record<SlaPhase, 'met' | 'breached'>> {
  const verdicts: Partial<Record<SlaPhase, 'met' | 'breached'>> = {};
  for (const p of slaPhases(mission, now)) {
    if (recorded.includes(p.phase) || p.state === 'breached') verdicts[p.phase] = 'breached';
    else if (p.state === 'met') verdicts[p.phase] = 'met';
  }
  return verdicts;
}

export const complianceOf = (met: number, breached: number): SlaCompliance => ({
  met,
  breached,
  rate: met + breached === 0 ? null : met / (met + breached),
});
