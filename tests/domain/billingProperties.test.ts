/**
 * Properties of the billing calculus over random plans, agents and others (fast-check).
 *
 * What holds, given the never-below-zero rule (final = max(0, gross − discounts)):
 * - final ≥ max(0, price + plan toll + toll + expenses + additions − discounts) ≥ max(0, price − discounts);
 *   so the cost is never below price − discounts, and never below zero;
 * - overages are max(0, usage − limit): never negative;
 * - more usage never costs less: readings stretched outwards (starting points earlier and lower,
 *   ending points later and higher) or one more agent give at least the same usage and cost;
 * - more discounts never cost more; more toll, expenses or additions never cost less.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentTotals,
  computeBilling,
  planMeasurement,
  type AgentOdometer,
  type BillingOthers,
  type BillingPlan,
} from '../../src/domain/billing';
import { CHARGE_TYPES, HOUR_INTERVAL_TYPES, INTERVAL_TYPES } from '../../src/domain/enums';
import { minutesToHhmm } from '../../src/domain/validators/time';
import { T0 } from './billingFixtures';

const cents = (max: number) => fc.integer({ min: 0, max });

const planArb: fc.Arbitrary<BillingPlan> = fc.record({
  price: fc.integer({ min: 1, max: 10_000_000 }),
  limits: fc.record({
    distance: fc.integer({ min: 0, max: 2000 }),
    intervalType: fc.constantFrom(...INTERVAL_TYPES),
    hourIntervalType: fc.constantFrom(...HOUR_INTERVAL_TYPES),
    time: fc.integer({ min: 0, max: 99 * 60 + 59 }).map(minutesToHhmm),
  }),
  overages: fc.record({
    chargeType: fc.constantFrom(...CHARGE_TYPES),
    distancePrice: cents(100_000),
    hourPrice: cents(1_000_000),
  }),
  toll: fc.record({ toCharge: fc.boolean(), price: cents(100_000) }),
});

const othersArb: fc.Arbitrary<BillingOthers> = fc.record({
  toll: cents(1_000_000),
  expenses: cents(1_000_000),
  additions: cents(1_000_000),
  discounts: cents(20_000_000),
});

/** One agent as plain numbers: km in tenths and instants in seconds after T0, each list in point order. */
interface RawAgent {
  tenths: [number, number, number, number];
  seconds: [number, number, number, number];
  hasPlace: boolean;
}

const sorted4 = (max: number) =>
  fc
    .tuple(fc.nat(max), fc.nat(max), fc.nat(max), fc.nat(max))
    .map((values) => [...values].sort((a, b) => a - b) as [number, number, number, number]);

const rawAgentArb: fc.Arbitrary<RawAgent> = fc.record({
  tenths: sorted4(20_000_000),
  seconds: sorted4(10 * 24 * 3600),
  hasPlace: fc.boolean(),
});

function toAgent({ tenths, seconds, hasPlace }: RawAgent): AgentOdometer {
  const reading = (i: number) => ({ km: tenths[i]! / 10, time: new Date(T0 + seconds[i]! * 1000).toISOString() });
  return { odometer: { start: reading(0), arrivalOnPlace: reading(1), endOnPlace: hasPlace ? reading(2) : null, end: reading(3) } };
}

/** Starting points (start, arrival) earlier and lower, ending points later and higher. */
function stretched(raw: RawAgent, km: readonly number[], seconds: readonly number[]): RawAgent {
  const move = (values: readonly number[], by: readonly number[]) =>
    values.map((v, i) => (i < 2 ? Math.max(0, v - by[i]!) : v + by[i]!)) as RawAgent['tenths'];
  return { ...raw, tenths: move(raw.tenths, km), seconds: move(raw.seconds, seconds) };
}

const deltas = (max: number) => fc.array(fc.nat(max), { minLength: 4, maxLength: 4 });
const bill = (plan: BillingPlan, raws: readonly RawAgent[], others: BillingOthers) =>
  computeBilling({ plan, agents: raws.map(toAgent), others });

const agentsArb = fc.array(rawAgentArb, { maxLength: 4 });

describe('billing calculus: properties', () => {
  it('never costs less than price − discounts, nor less than zero; discounts past the gross are dropped', () => {
    fc.assert(
      fc.property(planArb, agentsArb, othersArb, (plan, raws, others) => {
        const result = bill(plan, raws, others);
        const fixed = plan.price + result.planToll + others.toll + others.expenses + others.additions;
        expect(result.gross).toBe(fixed + result.time.cost + result.distance.cost);
        expect(result.planToll).toBe(plan.toll.toCharge ? plan.toll.price : 0);
        expect(result.finalCost).toBe(Math.max(0, result.gross - others.discounts));
        expect(result.finalCost).toBeGreaterThanOrEqual(Math.max(0, fixed - others.discounts));
        expect(result.finalCost).toBeGreaterThanOrEqual(Math.max(0, plan.price - others.discounts));
        expect(result.discountApplied).toBe(Math.min(others.discounts, result.gross));
      }),
    );
  });

  it('never has a negative overage: overage = max(0, usage − limit)', () => {
    fc.assert(
      fc.property(planArb, agentsArb, othersArb, (plan, raws, others) => {
        const { time, distance } = bill(plan, raws, others);
        expect(time.overageMinutes).toBe(Math.max(0, time.usageMinutes - time.limitMinutes));
        expect(distance.overageMetres).toBe(Math.max(0, distance.usageMetres - distance.limitMetres));
        expect(time.overageMinutes).toBeGreaterThanOrEqual(0);
        expect(distance.overageMetres).toBeGreaterThanOrEqual(0);
        expect(Math.min(time.cost, distance.cost)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('more usage never costs less: stretched readings', () => {
    fc.assert(
      fc.property(
        planArb,
        fc.array(rawAgentArb, { minLength: 1, maxLength: 4 }),
        othersArb,
        fc.nat(3),
        deltas(50_000),
        deltas(3 * 24 * 3600),
        (plan, raws, others, which, km, seconds) => {
          const index = which % raws.length;
          const longer = raws.map((raw, i) => (i === index ? stretched(raw, km, seconds) : raw));
          const before = bill(plan, raws, others);
          const after = bill(plan, longer, others);
          expect(after.time.usageMinutes).toBeGreaterThanOrEqual(before.time.usageMinutes);
          expect(after.distance.usageMetres).toBeGreaterThanOrEqual(before.distance.usageMetres);
          expect(after.time.cost).toBeGreaterThanOrEqual(before.time.cost);
          expect(after.distance.cost).toBeGreaterThanOrEqual(before.distance.cost);
          expect(after.finalCost).toBeGreaterThanOrEqual(before.finalCost);
        },
      ),
    );
  });

  it('more usage never costs less: one more agent', () => {
    fc.assert(
      fc.property(planArb, agentsArb, rawAgentArb, othersArb, (plan, raws, extra, others) => {
        const before = bill(plan, raws, others);
        const after = bill(plan, [...raws, extra], others);
        expect(after.time.usageMinutes).toBeGreaterThanOrEqual(before.time.usageMinutes);
        expect(after.distance.usageMetres).toBeGreaterThanOrEqual(before.distance.usageMetres);
        expect(after.finalCost).toBeGreaterThanOrEqual(before.finalCost);
      }),
    );
  });

  it('more discounts never cost more; more toll, expenses or additions never cost less', () => {
    fc.assert(
      fc.property(
        planArb,
        agentsArb,
        othersArb,
        fc.constantFrom<keyof BillingOthers>('toll', 'expenses', 'additions', 'discounts'),
        cents(1_000_000),
        (plan, raws, others, field, extra) => {
          const before = bill(plan, raws, others).finalCost;
          const after = bill(plan, raws, { ...others, [field]: others[field] + extra }).finalCost;
          if (field === 'discounts') expect(after).toBeLessThanOrEqual(before);
          else expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });

  it('charges the time overage by full started hours or by the minute, rounded half up once', () => {
    fc.assert(
      fc.property(planArb, agentsArb, (plan, raws) => {
        const others = { toll: 0, expenses: 0, additions: 0, discounts: 0 };
        const full = bill({ ...plan, overages: { ...plan.overages, chargeType: 'full_time' } }, raws, others).time;
        const fraction = bill({ ...plan, overages: { ...plan.overages, chargeType: 'fraction_time' } }, raws, others).time;
        const price = plan.overages.hourPrice;
        expect(full.cost).toBe(Math.ceil(full.overageMinutes / 60) * price);
        // |cost − overage × price / 60| ≤ ½ cent, and exactly ½ cent only rounding up.
        const error = fraction.cost * 60 - fraction.overageMinutes * price;
        expect(error).toBeGreaterThan(-30);
        expect(error).toBeLessThanOrEqual(30);
        expect(full.cost).toBeGreaterThanOrEqual(fraction.cost);
      }),
    );
  });

  it('charges the km overage per metre, rounded half up once', () => {
    fc.assert(
      fc.property(planArb, agentsArb, othersArb, (plan, raws, others) => {
        const { distance } = bill(plan, raws, others);
        const error = BigInt(distance.cost) * 1000n - BigInt(distance.overageMetres) * BigInt(plan.overages.distancePrice);
        expect(error > -500n && error <= 500n).toBe(true);
      }),
    );
  });

  it("with one agent, bills exactly that agent's totals as the details screen shows them", () => {
    fc.assert(
      fc.property(planArb, rawAgentArb, (plan, raw) => {
        const one = toAgent(raw);
        const totals = agentTotals(one.odometer, planMeasurement(plan.limits));
        const result = computeBilling({ plan, agents: [one], others: { toll: 0, expenses: 0, additions: 0, discounts: 0 } });
        expect(result.time.usageMinutes).toBe(totals.minutes);
        expect(result.distance.usageMetres).toBe(totals.metres);
        expect(result.table.map((row) => row.usage)).toEqual([totals.timeText, totals.kmText]);
      }),
    );
  });
});
