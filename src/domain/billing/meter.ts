/**
 * The live cost meter of a running mission (ours): what the mission costs so far on one side
 * (the risk manager: the shipper's plan; the holder: its own provider plan) and what it is
 * projected to cost, both priced by the billing calculus itself (computeBilling) — no second
 * formula — with no toll, expenses, additions or discounts (a side starts without them when the
 * mission is finished: server/pricing/sides.ts).
 *
 * - So far, at instant `at`: each agent's readings taken by then (time ≤ at) as they are; the
 *   points not reached yet, or not read yet (readings are saved one at a time as the mission goes:
 *   docs/rules/field-app.md), read as the agent's latest reading's kilometres at `at`: the clock
 *   keeps running while the odometer waits for the next reading. An agent whose start is still
 *   ahead has used nothing yet and is left out.
 * - Projected: every registered reading, the ones still ahead included (the team's expected end),
 *   and the points not read yet as if read now: exactly what billing prices when the mission is
 *   finished with these readings, so at the finish the meter and the bill agree.
 * The browser ticks the clock with this same function over the plan and readings the server sent.
 */
import type { FromSchema } from '../fromSchema';
import { computeBilling } from './calculus';
import type { costMeterSchema } from './meterSchemas';
import { instantOf } from './totals';
import type { AgentOdometer, BillingBreakdown, BillingPlan, Odometer, OdometerReading } from './types';

const NO_OTHERS = { toll: 0, expenses: 0, additions: 0, discounts: 0 };
const POINTS = ['start', 'arrivalOnPlace', 'endOnPlace', 'end'] as const;

/**
 * The points not read yet as if read at `at` (or at the latest reading's own time when that is
 * later), at the latest reading's kilometres; a missing endOnPlace beside a read end stays missing
 * (it reads as end: totals.ts).
 */
export function pendingReadAt(odometer: Odometer, at: Date): Odometer {
  let latest: OdometerReading = odometer.start;
  const read = { ...odometer };
  for (const point of POINTS) {
    const reading = odometer[point];
    if (reading) latest = reading;
    else if (point !== 'endOnPlace' || !odometer.end) read[point] = { km: latest.km, time: new Date(Math.max(at.getTime(), instantOf(latest))).toISOString() };
  }
  return read;
}

/** An agent's odometer as it stands at `at`, or null when it has not started by then. */
export function odometerAt(odometer: Odometer, at: Date): Odometer | null {
  const now = at.getTime();
  if (instantOf(odometer.start) > now) return null;
  let latest: OdometerReading = odometer.start;
  const read = pendingReadAt(odometer, at);
  const cut = { ...read };
  for (const point of POINTS) {
    const reading = read[point];
    if (!reading) continue;
    if (instantOf(reading) <= now) latest = reading;
    else cut[point] = { km: latest.km, time: at.toISOString() };
  }
  return cut;
}

/** GET mission/:id/meter (billing base): the caller's own side, its plan and the readings, priced at `at`. */
export type CostMeter = FromSchema<typeof costMeterSchema>;

/** The meter's two pricings: so far and projected. */
export type MeterReading = NonNullable<CostMeter['reading']>;

/**
 * The figures the meter shows of one pricing: usage, limit and overage in whole minutes and metres;
 * the time and km overage cost and the side's cost (plan price + overage + the plan's toll when
 * charged), cents.
 */
export type MeterFigures = MeterReading['soFar'];

const figuresOf = (b: BillingBreakdown): MeterFigures => ({
  usageMinutes: b.time.usageMinutes,
  limitMinutes: b.time.limitMinutes,
  overageMinutes: b.time.overageMinutes,
  usageMetres: b.distance.usageMetres,
  limitMetres: b.distance.limitMetres,
  overageMetres: b.distance.overageMetres,
  overageCents: b.time.cost + b.distance.cost,
  totalCents: b.finalCost,
});

/** The meter at `at`; throws RangeError on data the calculus refuses (as billing does). */
export function meterAt(plan: BillingPlan, agents: readonly AgentOdometer[], at: Date): MeterReading {
  const started = agents.flatMap((a) => {
    const odometer = odometerAt(a.odometer, at);
    return odometer ? [{ odometer }] : [];
  });
  return {
    soFar: figuresOf(computeBilling({ plan, agents: started, others: NO_OTHERS })),
    projected: figuresOf(computeBilling({ plan, agents: agents.map((a) => ({ odometer: pendingReadAt(a.odometer, at) })), others: NO_OTHERS })),
  };
}

export const METER_TEXTS = {
  title: 'Custo em andamento',
  noPlan: 'Nenhuma franquia definida para este lado ainda: o custo aparece quando houver uma.',
  hours: 'Horas',
  km: 'Quilômetros',
  overage: 'Excedente até agora',
  soFar: 'Custo até agora',
  projected: 'Custo projetado',
} as const;
