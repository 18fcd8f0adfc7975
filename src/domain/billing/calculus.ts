/**
 * The billing calculus (docs/rules/billing.md): from a franchise plan, the mission's security agents'
 * odometers and the billing screen's others, the price table (Hora, KM) and the final cost.
 *
 *   final = max(0, price + time cost + km cost + plan toll (when charged)
 *                  + toll + expenses + additions − discounts)
 *
 * Decisions, as a billing department would read them:
 * - Several agents. Time is the span of the service: from the earliest starting point of any agent
 *   to the latest ending point of any agent. The franchise hours buy the duration of the
 *   attendance, and agents working side by side do not make it last longer. Distance is the sum of
 *   every agent's kilometres: each agent row carries its own odometer, that is its own vehicle, and
 *   every vehicle sent drove those km (people sharing one vehicle are registered as one row). With
 *   one agent both rules give that agent's own totals (totals.ts), the same the details screen shows.
 * - No agents: no usage, so no overage; the price and the others still apply.
 * - Time overage: full_time charges every started hour in full (1 minute over = 1 hour);
 *   fraction_time charges the minutes at hourPrice / 60. Km overage is charged per metre at
 *   distancePrice / 1000. Each of the two costs is rounded once, half up to the cent (rounding.ts);
 *   everything else is a sum of integer cents.
 * - Never below zero: discounts larger than everything else bring the cost to 0, not to a credit;
 *   the excess is dropped and `discountApplied` says how much was really taken off. Hence
 *   final ≥ max(0, price − discounts), and final = gross − discounts whenever gross ≥ discounts.
 *   Such discounts are a typing mistake, not a price: the billing writes refuse them (400, with
 *   `discountProblem`'s reason) rather than saving R$ 0,00, and the screen shows that reason as soon
 *   as the live recomputation (which still answers, clamped) sees it.
 * - Invalid data (negative or fractional cents, an hh:mm the plan form refuses, an unknown
 *   measurement, an odometer without a valid km or instant) throws a RangeError instead of billing
 *   a wrong amount; the shared schemas keep such data out before it gets here.
 */
import { CHARGE_TYPE_OPTIONS, HOUR_INTERVAL_TYPE_OPTIONS, INTERVAL_TYPE_OPTIONS, optionLabel } from '../enums';
import { hhmmToMinutes } from '../validators/time';
import { discountExceedsTotal } from './refusals';
import { priceOf, wholeAmount } from './rounding';
import { formatDuration, formatKm, minuteOf, planMeasurement, readingAt, spanMetres, spanText } from './totals';
import type { AgentOdometer, BillingBreakdown, BillingOthers, BillingPlan, DistanceRow, Span, TimeRow } from './types';

const MINUTES_PER_HOUR = 60;
const METRES_PER_KM = 1000;
const MS_PER_MINUTE = 60_000;

export interface BillingInput {
  plan: BillingPlan;
  agents: readonly AgentOdometer[];
  others: BillingOthers;
}

/** The charged time window of the mission in whole minutes since the epoch, or null without agents. */
function timeWindow(agents: readonly AgentOdometer[], span: Span): { start: number; end: number } | null {
  if (agents.length === 0) return null;
  const starts = agents.map((a) => minuteOf(readingAt(a.odometer, span.from)));
  const ends = agents.map((a) => minuteOf(readingAt(a.odometer, span.to)));
  const start = Math.min(...starts);
  return { start, end: Math.max(start, ...ends) };
}

/** The minutes an overage is charged for: as is, or rounded up to whole hours (full_time). */
function chargedMinutes(overage: number, chargeType: BillingPlan['overages']['chargeType']): number {
  if (chargeType === 'full_time') return Math.ceil(overage / MINUTES_PER_HOUR) * MINUTES_PER_HOUR;
  if (chargeType === 'fraction_time') return overage;
  throw new RangeError('unknown charge type');
}

function timeRow(plan: BillingPlan, usageMinutes: number): TimeRow {
  const limitMinutes = hhmmToMinutes(plan.limits.time);
  if (limitMinutes === null) throw new RangeError('plan time must be hh:mm');
  const hourPrice = wholeAmount(plan.overages.hourPrice, 'hour price');
  const overageMinutes = Math.max(0, usageMinutes - limitMinutes);
  const charged = chargedMinutes(overageMinutes, plan.overages.chargeType);
  const interval = optionLabel(HOUR_INTERVAL_TYPE_OPTIONS, plan.limits.hourIntervalType);
  const charging = optionLabel(CHARGE_TYPE_OPTIONS, plan.overages.chargeType);
  return {
    label: 'Hora',
    // The plan's name of the span and, in words, what it counts: the agents' own totals count
    // from start to end, so the billed hours say theirs.
    definition: `${interval} (${spanText(planMeasurement(plan.limits).time)}, do primeiro agente ao último) · ${charging}`,
    limitMinutes,
    usageMinutes,
    overageMinutes,
    chargedMinutes: charged,
    overagePrice: hourPrice,
    cost: priceOf(charged, hourPrice, MINUTES_PER_HOUR),
  };
}

function distanceRow(plan: BillingPlan, usageMetres: number): DistanceRow {
  const limitMetres = wholeAmount(plan.limits.distance, 'plan distance') * METRES_PER_KM;
  const kmPrice = wholeAmount(plan.overages.distancePrice, 'km price');
  const overageMetres = Math.max(0, usageMetres - limitMetres);
  return {
    label: 'KM',
    definition: optionLabel(INTERVAL_TYPE_OPTIONS, plan.limits.intervalType) ?? plan.limits.intervalType,
    limitMetres,
    usageMetres,
    overageMetres,
    overagePrice: kmPrice,
    cost: priceOf(overageMetres, kmPrice, METRES_PER_KM),
  };
}

/** Prices a mission's billing; see the decisions above. */
export function computeBilling({ plan, agents, others }: BillingInput): BillingBreakdown {
  const measurement = planMeasurement(plan.limits);
  const window = timeWindow(agents, measurement.time);
  const time = timeRow(plan, window ? window.end - window.start : 0);
  const distance = distanceRow(
    plan,
    agents.reduce((sum, a) => sum + spanMetres(a.odometer, measurement.distance), 0),
  );

  const price = wholeAmount(plan.price, 'price');
  const planToll = plan.toll.toCharge === true ? wholeAmount(plan.toll.price, 'plan toll') : 0;
  const entered: BillingOthers = {
    toll: wholeAmount(others.toll, 'toll'),
    expenses: wholeAmount(others.expenses, 'expenses'),
    additions: wholeAmount(others.additions, 'additions'),
    discounts: wholeAmount(others.discounts, 'discounts'),
  };
  const gross = wholeAmount(totalBeforeDiscounts({ table: [time, distance], price, planToll, others: entered }), 'gross amount');
  const discountApplied = Math.min(entered.discounts, gross);

  return {
    time,
    distance,
    table: [
      {
        label: time.label,
        definition: time.definition,
        limit: formatDuration(time.limitMinutes),
        usage: formatDuration(time.usageMinutes),
        overage: formatDuration(time.overageMinutes),
        overagePrice: time.overagePrice,
        cost: time.cost,
      },
      {
        label: distance.label,
        definition: distance.definition,
        limit: formatKm(distance.limitMetres),
        usage: formatKm(distance.usageMetres),
        overage: formatKm(distance.overageMetres),
        overagePrice: distance.overagePrice,
        cost: distance.cost,
      },
    ],
    window: window && { start: new Date(window.start * MS_PER_MINUTE), end: new Date(window.end * MS_PER_MINUTE) },
    price,
    planToll,
    others: entered,
    gross,
    discountApplied,
    finalCost: gross - discountApplied,
  };
}

/** The figures of a side that add up to its total: the calculus's own, or the calculation the API answers. */
interface ChargedFigures {
  /** Hora and KM, each with its cost. */
  table: readonly [{ cost: number }, { cost: number }];
  price: number;
  planToll: number;
  others: BillingOthers;
}

/** Everything the side charges before its discounts (the breakdown's gross), cents. */
export const totalBeforeDiscounts = ({ table, price, planToll, others }: ChargedFigures): number =>
  price + table[0].cost + table[1].cost + planToll + others.toll + others.expenses + others.additions;

/** Why the side's discounts cannot be saved (larger than its total), or undefined when they can. */
export function discountProblem(figures: ChargedFigures): string | undefined {
  const total = totalBeforeDiscounts(figures);
  return figures.others.discounts > total ? discountExceedsTotal(figures.others.discounts, total) : undefined;
}
