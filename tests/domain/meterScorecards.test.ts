/** The cost meter's cut of the readings at an instant, and the scorecards' months and order. */
import { describe, expect, it } from 'vitest';
import { meterAt, odometerAt, pendingReadAt } from '../../src/domain/billing/meter';
import { agentTotals } from '../../src/domain/billing/totals';
import type { BillingPlan, Odometer } from '../../src/domain/billing/types';
import { compareScorecards, EMPTY_TALLY, figuresOf, monthsOfPeriod } from '../../src/domain/reports/scorecards';

const at = (hhmm: string) => new Date(`2026-05-04T${hhmm}:00.000Z`);
const reading = (km: number, hhmm: string) => ({ km, time: at(hhmm).toISOString() });
const odometer: Odometer = { start: reading(100, '08:00'), arrivalOnPlace: reading(110, '08:30'), endOnPlace: null, end: reading(150, '11:00') };
const plan: BillingPlan = {
  price: 10000,
  limits: { distance: 20, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '01:00' },
  overages: { chargeType: 'full_time', distancePrice: 100, hourPrice: 6000 },
  toll: { price: 0, toCharge: false },
};

describe('cost meter', () => {
  it('keeps the readings taken by then and holds the latest km at the clock for the rest', () => {
    expect(odometerAt(odometer, at('07:59'))).toBeNull();
    expect(odometerAt(odometer, at('09:00'))).toEqual({ ...odometer, end: { km: 110, time: at('09:00').toISOString() } });
    expect(odometerAt(odometer, at('12:00'))).toEqual(odometer);
  });

  it('prices so far and projected with the calculus: full hours, km per metre', () => {
    const { soFar, projected } = meterAt(plan, [{ odometer }], at('09:01'));
    // 61 min (1 over → a full hour: R$ 60,00), 10 km (within 20).
    expect(soFar).toMatchObject({ usageMinutes: 61, overageMinutes: 1, usageMetres: 10_000, overageCents: 6000, totalCents: 16000 });
    // 180 min (2 h over: R$ 120,00), 50 km (30 over: R$ 30,00).
    expect(projected).toMatchObject({ usageMinutes: 180, usageMetres: 50_000, overageCents: 15000, totalCents: 25000 });
    expect(meterAt(plan, [{ odometer }], at('11:00')).soFar).toEqual(projected);
    expect(meterAt(plan, [], at('11:00')).soFar.totalCents).toBe(10000);
  });

  it('readings saved one at a time: the points not read yet run with the clock, so far and projected alike', () => {
    const partial: Odometer = { start: reading(100, '08:00'), arrivalOnPlace: reading(110, '08:30'), endOnPlace: null, end: null };
    expect(pendingReadAt(partial, at('09:00'))).toEqual({ ...partial, endOnPlace: reading(110, '09:00'), end: reading(110, '09:00') });
    expect(odometerAt(partial, at('09:00'))).toEqual(pendingReadAt(partial, at('09:00')));
    // A reading typed ahead of the clock keeps its own time for the points after it.
    expect(pendingReadAt(partial, at('08:10')).end).toEqual(reading(110, '08:30'));
    const { soFar, projected } = meterAt(plan, [{ odometer: partial }], at('09:01'));
    expect(soFar).toMatchObject({ usageMinutes: 61, usageMetres: 10_000, totalCents: 16000 });
    expect(projected).toEqual(soFar);
    // The details' totals: start to the latest reading taken.
    expect(agentTotals(partial)).toMatchObject({ metres: 10_000, minutes: 30 });
    expect(agentTotals({ ...partial, arrivalOnPlace: null })).toMatchObject({ metres: 0, minutes: 0 });
  });
});

describe('scorecards', () => {
  it('lists every São Paulo month a period touches', () => {
    expect(monthsOfPeriod(new Date('2026-01-01T00:00:00Z'), new Date('2026-03-31T12:00:00Z'))).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(monthsOfPeriod(new Date('2026-06-10T12:00:00Z'), new Date('2026-06-10T12:00:00Z'))).toEqual(['2026-06']);
    expect(monthsOfPeriod(new Date('2025-11-15T12:00:00Z'), new Date('2026-02-01T12:00:00Z'))).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('ranks by missions won, then ETA kept (unknown last), SLA breaches, cancellations, acceptance, name', () => {
    const base = { ...figuresOf(EMPTY_TALLY), name: 'B' };
    const rows = [
      { ...base, name: 'SemEta', won: 3 },
      { ...base, name: 'Pontual', won: 3, etaKeptRate: 0.9 },
      { ...base, name: 'Lenta', won: 3, etaKeptRate: 0.9, avgAcceptMinutes: 50 },
      { ...base, name: 'Rápida', won: 3, etaKeptRate: 0.9, avgAcceptMinutes: 10 },
      { ...base, name: 'Violou', won: 3, etaKeptRate: 0.9, slaBreaches: 1 },
      { ...base, name: 'Campeã', won: 5 },
    ];
    expect([...rows].sort(compareScorecards).map((r) => r.name)).toEqual(['Campeã', 'Rápida', 'Lenta', 'Pontual', 'Violou', 'SemEta']);
  });
});
