/**
 * Worked examples of the billing calculus, each computed by hand from the plan below
 * (billingFixtures: R$ 350,00 for 04:00 and 150 km, R$ 90,00 per hour and R$ 2,50 per km over,
 * full hour, km base to base, time base to the place's end). Times are minutes after the start.
 */
import { describe, expect, it } from 'vitest';
import { computeBilling, type AgentOdometer, type BillingOthers } from '../../src/domain/billing';
import { meterAt } from '../../src/domain/billing/meter';
import { AGENT_HOURS_LABEL, agentTotals, planMeasurement, spanText } from '../../src/domain/billing/totals';
import { agent, NO_OTHERS, plan, T0, type PlanChanges } from './billingFixtures';

const AT_LIMIT = agent([1000, 1020, 1140, 1150], [0, 30, 240, 250]);
const ONE_MINUTE_OVER = agent([1000, 1020, 1140, 1150], [0, 30, 241, 250]);
const at = (hhmmss: string) => `2026-11-23T${hhmmss}-03:00`;

interface Example {
  name: string;
  plan?: PlanChanges;
  agents: AgentOdometer[];
  others?: Partial<BillingOthers>;
  /** Hora row usage, overage minutes and cost; KM row usage text and cost; final cost. */
  expected: [string, number, number, string, number, number];
}

const EXAMPLES: Example[] = [
  { name: 'no agent: the price alone', agents: [], expected: ['00:00', 0, 0, '0', 0, 35000] },
  {
    name: 'zero usage: every reading the same',
    agents: [agent([500, 500, 500, 500], [0, 0, 0, 0])],
    expected: ['00:00', 0, 0, '0', 0, 35000],
  },
  { name: 'exactly at both limits', agents: [AT_LIMIT], expected: ['04:00', 0, 0, '150', 0, 35000] },
  { name: 'one minute over, full_time: a whole hour', agents: [ONE_MINUTE_OVER], expected: ['04:01', 1, 9000, '150', 0, 44000] },
  {
    name: 'one minute over, fraction_time: R$ 90,00 / 60',
    plan: { overages: { chargeType: 'fraction_time' } },
    agents: [ONE_MINUTE_OVER],
    expected: ['04:01', 1, 150, '150', 0, 35150],
  },
  {
    name: 'fraction_time: half a cent rounds up (R$ 0,90 / 60 = 1,5 cent)',
    plan: { overages: { chargeType: 'fraction_time', hourPrice: 90 } },
    agents: [ONE_MINUTE_OVER],
    expected: ['04:01', 1, 2, '150', 0, 35002],
  },
  {
    name: 'fraction_time: less than half a cent is dropped (R$ 0,20 / 60)',
    plan: { overages: { chargeType: 'fraction_time', hourPrice: 20 } },
    agents: [ONE_MINUTE_OVER],
    expected: ['04:01', 1, 0, '150', 0, 35000],
  },
  {
    name: 'full_time: exactly one hour over is one hour',
    agents: [agent([1000, 1020, 1140, 1150], [0, 30, 300, 310])],
    expected: ['05:00', 60, 9000, '150', 0, 44000],
  },
  {
    name: 'full_time: 61 minutes over are two hours',
    agents: [agent([1000, 1020, 1140, 1150], [0, 30, 301, 310])],
    expected: ['05:01', 61, 18000, '150', 0, 53000],
  },
  {
    name: 'fraction_time: 2h30 over',
    plan: { overages: { chargeType: 'fraction_time' } },
    agents: [agent([1000, 1020, 1140, 1150], [0, 30, 390, 400])],
    expected: ['06:30', 150, 22500, '150', 0, 57500],
  },
  {
    name: 'missing endOnPlace: the time runs to the end',
    agents: [agent([1000, 1020, null, 1150], [0, 30, null, 250])],
    expected: ['04:10', 10, 9000, '150', 0, 44000],
  },
  {
    name: 'missing endOnPlace: start_place km run to the end',
    plan: { limits: { intervalType: 'start_place' } },
    agents: [agent([1000, 1020, null, 1160], [0, 30, null, 240])],
    expected: ['04:00', 0, 0, '160', 2500, 37500],
  },
  {
    name: "start_place: from the base to the place's end, not the way back",
    plan: { limits: { intervalType: 'start_place' } },
    agents: [agent([1000, 1020, 1140, 1300], [0, 30, 240, 300])],
    expected: ['04:00', 0, 0, '140', 0, 35000],
  },
  {
    name: 'start_end: the same agent base to base',
    agents: [agent([1000, 1020, 1140, 1300], [0, 30, 240, 300])],
    expected: ['04:00', 0, 0, '300', 37500, 72500],
  },
  {
    name: 'arrivalOnPlace_endOnPlace: the time starts at the arrival',
    plan: { limits: { hourIntervalType: 'arrivalOnPlace_endOnPlace' } },
    agents: [agent([1000, 1020, 1140, 1150], [0, 30, 290, 300])],
    expected: ['04:20', 20, 9000, '150', 0, 44000],
  },
  {
    name: 'fractional km: 150,5 km is 500 m over at R$ 2,50/km',
    agents: [agent([1000.4, 1020, 1140, 1150.9], [0, 30, 240, 250])],
    expected: ['04:00', 0, 0, '150,5', 125, 35125],
  },
  {
    name: 'fractional km: half a cent rounds up (100 m at R$ 0,05/km)',
    plan: { overages: { distancePrice: 5 } },
    agents: [agent([0, 10, 140, 150.1], [0, 30, 240, 250])],
    expected: ['04:00', 0, 0, '150,1', 1, 35001],
  },
  {
    name: 'several agents: the time is the span of the service, not a sum',
    agents: [agent([0, 10, 100, 110], [0, 30, 200, 210]), agent([0, 10, 30, 40], [60, 90, 300, 310])],
    expected: ['05:00', 60, 9000, '150', 0, 44000],
  },
  {
    name: "several agents: every vehicle's km add up",
    agents: [agent([0, 10, 90, 100], [0, 30, 200, 210]), agent([5000, 5010, 5070, 5080], [0, 30, 200, 210])],
    expected: ['03:20', 0, 0, '180', 7500, 42500],
  },
  {
    name: 'plan toll charged',
    plan: { toll: { toCharge: true, price: 1500 } },
    agents: [AT_LIMIT],
    expected: ['04:00', 0, 0, '150', 0, 36500],
  },
  {
    name: 'plan toll not charged: a stored price is not added',
    plan: { toll: { toCharge: false, price: 1500 } },
    agents: [AT_LIMIT],
    expected: ['04:00', 0, 0, '150', 0, 35000],
  },
  {
    name: 'toll, expenses and additions add; discounts subtract',
    agents: [AT_LIMIT],
    others: { toll: 700, expenses: 2000, additions: 300, discounts: 1000 },
    expected: ['04:00', 0, 0, '150', 0, 37000],
  },
  {
    name: 'discounts larger than everything else: zero, not a credit',
    agents: [ONE_MINUTE_OVER],
    others: { toll: 700, discounts: 1_000_000 },
    expected: ['04:01', 1, 9000, '150', 0, 0],
  },
  {
    name: 'discounts equal to everything else: zero',
    agents: [ONE_MINUTE_OVER],
    others: { discounts: 44000 },
    expected: ['04:01', 1, 9000, '150', 0, 0],
  },
  {
    name: 'seconds past the limit are not billed (instants cut to the minute)',
    agents: [agent([1000, 1020, 1140, 1150], [at('10:00:00'), at('10:30:00'), at('14:00:59'), at('14:10:00')])],
    expected: ['04:00', 0, 0, '150', 0, 35000],
  },
  {
    name: 'a mission over 99 hours: 96h05 over are 97 full hours',
    agents: [agent([0, 10, 140, 150], [0, 30, 6005, 6010])],
    expected: ['100:05', 5765, 873000, '150', 0, 908000],
  },
  {
    name: 'readings out of order count zero, never negative',
    agents: [agent([1150, 1100, 1050, 1000], [250, 200, 100, 0])],
    expected: ['00:00', 0, 0, '0', 0, 35000],
  },
  {
    name: 'limits 00:00 and 0 km: all usage is overage',
    plan: { limits: { distance: 0, time: '00:00' }, overages: { chargeType: 'fraction_time' } },
    agents: [AT_LIMIT],
    expected: ['04:00', 240, 36000, '150', 37500, 108500],
  },
];

describe('billing calculus: worked examples', () => {
  it('has at least 20 of them', () => expect(EXAMPLES.length).toBeGreaterThanOrEqual(20));

  it.each(EXAMPLES)('$name', (example) => {
    const result = computeBilling({
      plan: plan(example.plan),
      agents: example.agents,
      others: { ...NO_OTHERS, ...example.others },
    });
    const [timeUsage, timeOverage, timeCost, kmUsage, kmCost, finalCost] = example.expected;
    expect([
      result.table[0].usage,
      result.time.overageMinutes,
      result.time.cost,
      result.table[1].usage,
      result.distance.cost,
      result.finalCost,
    ]).toEqual([timeUsage, timeOverage, timeCost, kmUsage, kmCost, finalCost]);
  });
});

describe('billing calculus: the breakdown', () => {
  it('gives the price table rows Hora and KM as the billing screen shows them', () => {
    const result = computeBilling({ plan: plan(), agents: [ONE_MINUTE_OVER], others: NO_OTHERS });
    expect(result.table).toEqual([
      {
        label: 'Hora',
        definition: 'Base ao destino final (do início à saída do local, do primeiro agente ao último) · Hora cheia (1 min = 1 h)',
        limit: '04:00',
        usage: '04:01',
        overage: '00:01',
        overagePrice: 9000,
        cost: 9000,
      },
      { label: 'KM', definition: 'Base a base (retorno à base)', limit: '150', usage: '150', overage: '0', overagePrice: 250, cost: 0 },
    ]);
    expect(result.time).toMatchObject({ limitMinutes: 240, usageMinutes: 241, overageMinutes: 1, chargedMinutes: 60 });
    expect(result.distance).toMatchObject({ limitMetres: 150_000, usageMetres: 150_000, overageMetres: 0 });
  });

  it('labels the other measurements and the fractioned hour', () => {
    const result = computeBilling({
      plan: plan({
        limits: { intervalType: 'start_place', hourIntervalType: 'arrivalOnPlace_endOnPlace' },
        overages: { chargeType: 'fraction_time' },
      }),
      agents: [],
      others: NO_OTHERS,
    });
    expect(result.table.map((row) => row.definition)).toEqual([
      'Origem da operação ao destino final (da chegada no local à saída do local, do primeiro agente ao último) · Hora fracionada',
      'Base ao destino final',
    ]);
  });

  it('sums price, costs, tolls, expenses and additions, and says how much discount was taken off', () => {
    const result = computeBilling({
      plan: plan({ toll: { toCharge: true, price: 1500 } }),
      agents: [ONE_MINUTE_OVER],
      others: { toll: 700, expenses: 2000, additions: 300, discounts: 100_000 },
    });
    expect(result).toMatchObject({ price: 35000, planToll: 1500, gross: 35000 + 9000 + 1500 + 700 + 2000 + 300 });
    expect(result.discountApplied).toBe(result.gross);
    expect(result.finalCost).toBe(0);
  });

  it('gives the charged window: earliest start to latest end of the hour interval', () => {
    const result = computeBilling({
      plan: plan(),
      agents: [agent([0, 10, 100, 110], [0, 30, 200, 210]), agent([0, 10, 30, 40], [60, 90, 300, 310])],
      others: NO_OTHERS,
    });
    expect(result.window).toEqual({ start: new Date(T0), end: new Date(T0 + 300 * 60_000) });
    expect(computeBilling({ plan: plan(), agents: [], others: NO_OTHERS }).window).toBeNull();
  });

  it('reads Date instants as their ISO texts', () => {
    const texts = ONE_MINUTE_OVER;
    const dates: AgentOdometer = {
      odometer: {
        start: { km: 1000, time: new Date(T0) },
        arrivalOnPlace: { km: 1020, time: new Date(T0 + 30 * 60_000) },
        endOnPlace: { km: 1140, time: new Date(T0 + 241 * 60_000) },
        end: { km: 1150, time: new Date(T0 + 250 * 60_000) },
      },
    };
    const price = (a: AgentOdometer) => computeBilling({ plan: plan(), agents: [a], others: NO_OTHERS });
    expect(price(dates)).toEqual(price(texts));
  });

  it('refuses data the schemas keep out instead of billing a wrong amount', () => {
    const bill = (changes: PlanChanges, agents = [AT_LIMIT], others: Partial<BillingOthers> = {}) => () =>
      computeBilling({ plan: plan(changes), agents, others: { ...NO_OTHERS, ...others } });
    expect(bill({ limits: { time: '4h' } })).toThrow(RangeError);
    expect(bill({ price: -1 })).toThrow(RangeError);
    expect(bill({ overages: { hourPrice: 1.5 } })).toThrow(RangeError);
    expect(bill({ limits: { intervalType: 'nowhere' as never } })).toThrow(RangeError);
    expect(bill({ overages: { chargeType: 'by_the_day' as never } })).toThrow(RangeError);
    expect(bill({}, [], { discounts: -100 })).toThrow(RangeError);
    expect(bill({}, [agent([Number.NaN, 0, 0, 0], [0, 0, 0, 0])])).toThrow(RangeError);
    expect(bill({}, [agent([0, 0, 0, 0], ['ontem', 0, 0, 0])])).toThrow(RangeError);
  });
});

describe('billing calculus: the hours figures of one mission say what each counts', () => {
  // An agent that left the place at 01:29 and ended (back at base) at 01:59: the agents' table
  // showed 01:59, the price table and the cost meter 01:29, with nothing saying why.
  const one = agent([1000, 1020, 1140, 1150], [0, 30, 89, 119]);

  it("the agent's own total counts from start to end, and its header says so", () => {
    expect(agentTotals(one.odometer).timeText).toBe('01:59');
    expect(AGENT_HOURS_LABEL).toBe('Total de horas (do início ao fim)');
  });

  it.each([
    ['start_endOnPlace', '01:29', 'do início à saída do local'],
    ['arrivalOnPlace_endOnPlace', '00:59', 'da chegada no local à saída do local'],
  ] as const)('the billed hours of a %s plan (%s) name their span in the price table and the meter alike', (hourIntervalType, usage, span) => {
    const billing = plan({ limits: { hourIntervalType } });
    const [hours] = computeBilling({ plan: billing, agents: [one], others: NO_OTHERS }).table;
    expect(hours.usage).toBe(usage);
    expect(hours.definition).toContain(`(${span}, do primeiro agente ao último)`);
    // The cost meter's figure is the same count, labelled with the same words (CostMeter.tsx).
    const meter = meterAt(billing, [one], new Date(T0 + 200 * 60_000));
    expect(meter.soFar.usageMinutes).toBe(hours.usage === '01:29' ? 89 : 59);
    expect(spanText(planMeasurement(billing.limits).time)).toBe(span);
  });
});
