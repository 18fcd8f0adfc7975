import { asc, eq } from 'drizzle-orm';
import type { BillingCalculation } from '../../src/domain/billing/api';
import { computeBilling } from '../../src/domain/billing/calculus';
import { metresOf, planMeasurement, readingAt } from '../../src/domain/billing/totals';
import type { AgentTotals, BillingBreakdown, BillingOthers, Odometer } from '../../src/domain/billing/types';
import { agentTotals, formatDuration, formatKm } from '../../src/domain/billing/totals';
import { MAX_INT } from '../../src/domain/schemas/fields';
import type { Db } from '../db/client';
import { missionAgents, missionBillings } from '../db/schema';
import { billingPlanOf, type PlanRow } from './plans';

/**
 * The calculus's answer as the columns of mission_billings (what the billing report reads) and
 * back. A side is priced from its plan, the mission's agents as they are now and its others.
 */

export type BillingRow = typeof missionBillings.$inferSelect;

export interface MissionAgent {
  name: string;
  odometer: Odometer;
}

/** The mission's security agents in the order they were registered. */
export const agentsOf = (db: Db, mission: string): Promise<MissionAgent[]> =>
  db
    .select({ name: missionAgents.name, odometer: missionAgents.odometer })
    .from(missionAgents)
    .where(eq(missionAgents.mission, mission))
    .orderBy(asc(missionAgents.createdAt));

/** The agents block of the billing screen: each agent's own totals, as the details screen shows them. */
export const agentBlock = (agents: readonly MissionAgent[]): Array<{ name: string; totals: AgentTotals }> =>
  agents.map((a) => ({ name: a.name, totals: agentTotals(a.odometer) }));

export const NO_OTHERS: BillingOthers = { toll: 0, expenses: 0, additions: 0, discounts: 0 };

export const othersOf = (row: BillingRow): BillingOthers => ({
  toll: row.tollCents,
  expenses: row.expensesCents,
  additions: row.additionsCents,
  discounts: row.discountsCents,
});

export const othersColumns = (others: BillingOthers) => ({
  tollCents: others.toll,
  expensesCents: others.expenses,
  additionsCents: others.additions,
  discountsCents: others.discounts,
});

export type SnapshotColumns = Pick<
  BillingRow,
  | 'priceCents'
  | 'planTollCents'
  | 'timeUsageMinutes'
  | 'timeLimitMinutes'
  | 'timeOverageMinutes'
  | 'timeOverageCents'
  | 'distanceUsageMetres'
  | 'distanceLimitMetres'
  | 'distanceOverageMetres'
  | 'distanceOverageCents'
  | 'startDistanceMetres'
  | 'endDistanceMetres'
  | 'windowStart'
  | 'windowEnd'
  | 'finalCostCents'
>;

/** A side without a plan: nothing priced yet. */
export const EMPTY_SNAPSHOT: SnapshotColumns = {
  priceCents: 0,
  planTollCents: 0,
  timeUsageMinutes: 0,
  timeLimitMinutes: 0,
  timeOverageMinutes: 0,
  timeOverageCents: 0,
  distanceUsageMetres: 0,
  distanceLimitMetres: 0,
  distanceOverageMetres: 0,
  distanceOverageCents: 0,
  startDistanceMetres: null,
  endDistanceMetres: null,
  windowStart: null,
  windowEnd: null,
  finalCostCents: 0,
};

/**
 * The odometer readings the km usage runs between. They only mean something for one vehicle:
 * with several agents the usage is the sum of their own spans (calculus.ts), which no pair of
 * readings gives, so the report shows none rather than a misleading pair. A reading too large
 * for the column (the agent form allows 10,000,000 km) is left out the same way.
 */
function distanceReadings(plan: PlanRow, agents: readonly MissionAgent[]): { start: number | null; end: number | null } {
  const [only] = agents;
  if (agents.length !== 1 || !only) return { start: null, end: null };
  const span = planMeasurement(plan).distance;
  const fit = (metres: number) => (metres <= MAX_INT ? metres : null);
  return { start: fit(metresOf(readingAt(only.odometer, span.from))), end: fit(metresOf(readingAt(only.odometer, span.to))) };
}

/** A priced side: the calculus's breakdown and the columns it is stored as. */
export interface PricedSide {
  breakdown: BillingBreakdown;
  columns: SnapshotColumns;
}

/**
 * Prices a side, or null when the result cannot be stored (an amount or a usage beyond the
 * database's integers, or out of the calculus's exact range): the caller refuses or waits for a
 * person instead of storing a wrong bill.
 */
export function priceSide(plan: PlanRow, agents: readonly MissionAgent[], others: BillingOthers): PricedSide | null {
  let breakdown: BillingBreakdown;
  try {
    breakdown = computeBilling({ plan: billingPlanOf(plan), agents, others });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  const readings = distanceReadings(plan, agents);
  const columns: SnapshotColumns = {
    priceCents: breakdown.price,
    planTollCents: breakdown.planToll,
    timeUsageMinutes: breakdown.time.usageMinutes,
    timeLimitMinutes: breakdown.time.limitMinutes,
    timeOverageMinutes: breakdown.time.overageMinutes,
    timeOverageCents: breakdown.time.cost,
    distanceUsageMetres: breakdown.distance.usageMetres,
    distanceLimitMetres: breakdown.distance.limitMetres,
    distanceOverageMetres: breakdown.distance.overageMetres,
    distanceOverageCents: breakdown.distance.cost,
    startDistanceMetres: readings.start,
    endDistanceMetres: readings.end,
    windowStart: breakdown.window?.start ?? null,
    windowEnd: breakdown.window?.end ?? null,
    finalCostCents: breakdown.finalCost,
  };
  // The gross amount bounds every money column; the usages are checked on their own.
  const bounded = [breakdown.gross, columns.timeUsageMinutes, columns.timeLimitMinutes, columns.distanceUsageMetres, columns.distanceLimitMetres];
  return bounded.every((n) => n <= MAX_INT) ? { breakdown, columns } : null;
}

export const calculationOf = (b: BillingBreakdown): BillingCalculation => ({
  table: b.table,
  price: b.price,
  planToll: b.planToll,
  others: b.others,
  finalCost: b.finalCost,
});

/**
 * A billed side as it was billed: the stored figures, with the plan's current texts and unit
 * prices (`current`, the calculus over today's plan) for the columns the snapshot does not keep.
 */
export function billedCalculation(row: BillingRow, current: BillingBreakdown): BillingCalculation {
  const [hour, km] = current.table;
  return {
    table: [
      {
        ...hour,
        limit: formatDuration(row.timeLimitMinutes),
        usage: formatDuration(row.timeUsageMinutes),
        overage: formatDuration(row.timeOverageMinutes),
        cost: row.timeOverageCents,
      },
      {
        ...km,
        limit: formatKm(row.distanceLimitMetres),
        usage: formatKm(row.distanceUsageMetres),
        overage: formatKm(row.distanceOverageMetres),
        cost: row.distanceOverageCents,
      },
    ],
    price: row.priceCents,
    planToll: row.planTollCents,
    others: othersOf(row),
    finalCost: row.finalCostCents,
  };
}
