/** Builders of plans and agents for the billing tests: readable worked examples. */
import type { AgentOdometer, BillingOthers, BillingPlan, OdometerReading } from '../../src/domain/billing';

/** Mission start: 23/11/2026 10:00 in Brasília (UTC−3). */
export const T0 = Date.parse('2026-11-23T10:00:00-03:00');

/** R$ 350,00 for 4 h and 150 km base to base; R$ 90,00 per hour and R$ 2,50 per km over. */
export const PLAN: BillingPlan = {
  price: 35000,
  limits: { distance: 150, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '04:00' },
  overages: { chargeType: 'full_time', distancePrice: 250, hourPrice: 9000 },
  toll: { toCharge: false, price: 0 },
};

export const NO_OTHERS: BillingOthers = { toll: 0, expenses: 0, additions: 0, discounts: 0 };

export interface PlanChanges {
  price?: number;
  limits?: Partial<BillingPlan['limits']>;
  overages?: Partial<BillingPlan['overages']>;
  toll?: BillingPlan['toll'];
}

export const plan = (changes: PlanChanges = {}): BillingPlan => ({
  price: changes.price ?? PLAN.price,
  limits: { ...PLAN.limits, ...changes.limits },
  overages: { ...PLAN.overages, ...changes.overages },
  toll: changes.toll ?? PLAN.toll,
});

/** A moment: minutes after T0, or an ISO text taken as is. */
export type At = number | string;
const instant = (at: At) => (typeof at === 'number' ? new Date(T0 + at * 60_000).toISOString() : at);
const reading = (km: number, at: At): OdometerReading => ({ km, time: instant(at) });

/**
 * An agent from its four points, in the order start, arrivalOnPlace, endOnPlace, end;
 * endOnPlace null leaves that point missing.
 */
export function agent(km: [number, number, number | null, number], at: [At, At, At | null, At]): AgentOdometer {
  const [startKm, arrivalKm, placeKm, endKm] = km;
  const [startAt, arrivalAt, placeAt, endAt] = at;
  return {
    odometer: {
      start: reading(startKm, startAt),
      arrivalOnPlace: reading(arrivalKm, arrivalAt),
      endOnPlace: placeKm === null || placeAt === null ? null : reading(placeKm, placeAt),
      end: reading(endKm, endAt),
    },
  };
}
