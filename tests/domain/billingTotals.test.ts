/** Kilometre and time totals of one agent (docs/rules/billing.md), as the details screen and the calculus use them. */
import { describe, expect, it } from 'vitest';
import {
  agentTotals,
  DETAILS_MEASUREMENT,
  formatDuration,
  formatKilometres,
  formatKm,
  planMeasurement,
  type Measurement,
} from '../../src/domain/billing';
import { agent } from './billingFixtures';

const AGENT = agent([1000.5, 1020, 1140.25, 1150], [0, 30, 240, 255]).odometer;
const NO_PLACE_END = agent([1000, 1020, null, 1150], [0, 30, null, 255]).odometer;

describe('agentTotals', () => {
  it('by default (no plan) counts km and time from start to end', () => {
    expect(DETAILS_MEASUREMENT).toEqual({ distance: { from: 'start', to: 'end' }, time: { from: 'start', to: 'end' } });
    expect(agentTotals(AGENT)).toEqual({ metres: 149_500, minutes: 255, kmText: '149,5', timeText: '04:15' });
  });

  const cases: [string, Measurement, number, number][] = [
    ['start_end / start_endOnPlace', planMeasurement({ intervalType: 'start_end', hourIntervalType: 'start_endOnPlace' }), 149_500, 240],
    ['start_place / start_endOnPlace', planMeasurement({ intervalType: 'start_place', hourIntervalType: 'start_endOnPlace' }), 139_750, 240],
    [
      'start_place / arrivalOnPlace_endOnPlace',
      planMeasurement({ intervalType: 'start_place', hourIntervalType: 'arrivalOnPlace_endOnPlace' }),
      139_750,
      210,
    ],
  ];
  it.each(cases)('follows the plan measurement %s', (_, measurement, metres, minutes) => {
    expect(agentTotals(AGENT, measurement)).toMatchObject({ metres, minutes });
  });

  it('reads a missing endOnPlace as the end', () => {
    const place = planMeasurement({ intervalType: 'start_place', hourIntervalType: 'arrivalOnPlace_endOnPlace' });
    expect(agentTotals(NO_PLACE_END, place)).toEqual({ metres: 150_000, minutes: 225, kmText: '150', timeText: '03:45' });
  });

  it('keeps odometer tenths exact (no binary noise) and never goes negative', () => {
    expect(agentTotals(agent([0.1, 0.2, 0.2, 0.3], [0, 0, 0, 0]).odometer).metres).toBe(200);
    expect(agentTotals(agent([10, 5, 5, 1], [10, 5, 5, 1]).odometer)).toMatchObject({ metres: 0, minutes: 0 });
  });

  it('refuses a negative km or an unreadable instant', () => {
    expect(() => agentTotals(agent([-1, 0, 0, 0], [0, 0, 0, 0]).odometer)).toThrow(RangeError);
    expect(() => agentTotals(agent([0, 0, 0, 0], [0, 0, 0, '23/11/2026']).odometer)).toThrow(RangeError);
  });

  it('refuses an unknown plan measurement', () => {
    expect(() => planMeasurement({ intervalType: 'start_end', hourIntervalType: 'end_end' as never })).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    [0, '00:00'],
    [59, '00:59'],
    [61, '01:01'],
    [99 * 60 + 59, '99:59'],
    [100 * 60 + 5, '100:05'],
  ])('formatDuration(%i) = %s', (minutes, text) => expect(formatDuration(minutes)).toBe(text));

  it.each([
    [0, '0'],
    [1, '0,001'],
    [150_000, '150'],
    [150_500, '150,5'],
    [1_234_560, '1.234,56'],
    [1_000_000_000, '1.000.000'],
  ])('formatKm(%i) = %s', (metres, text) => expect(formatKm(metres)).toBe(text));

  it.each([
    [48271.700000000004, '48.271,7 km'],
    [0.1 + 0.2, '0,3 km'],
    [12.3456, '12,346 km'],
    [1500, '1.500 km'],
  ])('formatKilometres(%f) = %s, to the metre', (km, text) => expect(formatKilometres(km)).toBe(text));

  it('refuses what is not a whole non-negative amount', () => {
    expect(() => formatDuration(-1)).toThrow(RangeError);
    expect(() => formatDuration(1.5)).toThrow(RangeError);
    expect(() => formatKm(-1)).toThrow(RangeError);
  });
});
