import { describe, expect, it } from 'vitest';
import { DATE_RANGE_ORDER, INVALID_DATE } from '../../src/domain/messages';
import {
  costSeries,
  dashboardRangeError,
  DASHBOARD_DATES_REQUIRED,
  DASHBOARD_RANGE_TOO_LONG,
  dashboardQuerySchema,
  defaultDashboardRange,
  isEmptyDashboard,
  minutesToHhmm,
  monthLabel,
  OTHERS_KEY,
  rateToPercent,
  withinOneYear,
  type Dashboard,
  type DashboardCost,
} from '../../src/domain/reports/dashboard';
import { currentMonth } from '../../src/domain/reports';
import { validate } from '../../src/domain/validate';

const cost = (month: string, shipper: string, totalCents: number): DashboardCost => ({ month, shipper, shipperName: `Cliente ${shipper}`, totalCents });

describe('costSeries', () => {
  it('draws every shipper when there are few, months in order, zeros where a shipper had nothing', () => {
    const { series, points } = costSeries([cost('2026-02', 'a', 100), cost('2026-01', 'b', 300), cost('2026-01', 'a', 50)]);
    expect(series).toEqual([
      { key: 'b', name: 'Cliente b' },
      { key: 'a', name: 'Cliente a' },
    ]);
    expect(points).toEqual([
      { month: '2026-01', a: 50, b: 300 },
      { month: '2026-02', a: 100, b: 0 },
    ]);
  });

  it('keeps the five biggest over the period and sums the rest as Outros', () => {
    const costs = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((s, i) => cost(i % 2 ? '2026-01' : '2026-02', s, (i + 1) * 100));
    const { series, points } = costSeries(costs);
    expect(series.map((s) => s.key)).toEqual(['g', 'f', 'e', 'd', 'c', OTHERS_KEY]);
    expect(series.at(-1)).toEqual({ key: OTHERS_KEY, name: 'Outros' });
    // a (100, Feb) and b (200, Jan) are the others.
    expect(points.find((p) => p.month === '2026-01')?.[OTHERS_KEY]).toBe(200);
    expect(points.find((p) => p.month === '2026-02')?.[OTHERS_KEY]).toBe(100);
    const total = (p: Record<string, number | string>) => Object.values(p).reduce<number>((sum, v) => sum + (typeof v === 'number' ? v : 0), 0);
    expect(points.reduce((sum, p) => sum + total(p), 0)).toBe(2800);
  });

  it('breaks equal totals by name and answers nothing for no costs', () => {
    expect(costSeries([cost('2026-01', 'z', 10), cost('2026-01', 'm', 10)], 1).series.map((s) => s.key)).toEqual(['m', OTHERS_KEY]);
    expect(costSeries([])).toEqual({ series: [], points: [] });
  });
});

describe('formatting', () => {
  it('shows minutes as hh:mm, hours past a day included', () => {
    expect(minutesToHhmm(0)).toBe('00:00');
    expect(minutesToHhmm(46.4)).toBe('00:46');
    expect(minutesToHhmm(147.5)).toBe('02:28');
    expect(minutesToHhmm(1805)).toBe('30:05');
    expect(minutesToHhmm(null)).toBe('—');
  });
  it('shows rates as whole percentages and months as mm/aaaa', () => {
    expect(rateToPercent(0.5)).toBe('50%');
    expect(rateToPercent(2 / 3)).toBe('67%');
    expect(rateToPercent(null)).toBe('—');
    expect(monthLabel('2026-02')).toBe('02/2026');
  });
});

describe('the period', () => {
  it('allows at most a calendar year, leap day included', () => {
    expect(withinOneYear(new Date('2024-02-29T00:00:00Z'), new Date('2025-03-01T00:00:00Z'))).toBe(true);
    expect(withinOneYear(new Date('2025-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(withinOneYear(new Date('2025-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00.001Z'))).toBe(false);
  });

  it('tells the screen what is wrong with its period', () => {
    const d = (iso: string) => new Date(iso);
    expect(dashboardRangeError(d('2026-01-01T00:00:00Z'), d('2026-02-01T00:00:00Z'))).toBeNull();
    expect(dashboardRangeError(null, d('2026-02-01T00:00:00Z'))).toBe(DASHBOARD_DATES_REQUIRED);
    expect(dashboardRangeError(d('x'), d('2026-02-01T00:00:00Z'))).toBe(INVALID_DATE);
    expect(dashboardRangeError(d('2026-02-01T00:00:00Z'), d('2026-01-01T00:00:00Z'))).toBe(DATE_RANGE_ORDER);
    expect(dashboardRangeError(d('2024-01-01T00:00:00Z'), d('2026-01-01T00:00:00Z'))).toBe(DASHBOARD_RANGE_TOO_LONG);
  });

  it('defaults to the last 90 days', () => {
    const now = new Date('2026-04-01T12:00:00Z');
    expect(defaultDashboardRange(now)).toEqual({ start: new Date('2026-01-01T12:00:00Z'), end: now });
  });

  it('validates the query with Portuguese messages', async () => {
    const messages = async (value: unknown) => {
      const result = await validate(dashboardQuerySchema, value);
      return result.ok ? [] : result.issues.map((i) => i.message);
    };
    expect(await messages({ start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z' })).toEqual([]);
    expect(await messages({})).toEqual([DASHBOARD_DATES_REQUIRED, DASHBOARD_DATES_REQUIRED]);
    expect(await messages({ start: 'x', end: '2026-02-01T00:00:00Z' })).toEqual([INVALID_DATE]);
    expect(await messages({ start: '2026-02-01T00:00:00Z', end: '2026-01-01T00:00:00Z' })).toEqual([DATE_RANGE_ORDER]);
    expect(await messages({ start: '2020-01-01T00:00:00Z', end: '2026-01-01T00:00:00Z' })).toEqual([DASHBOARD_RANGE_TOO_LONG]);
  });
});

describe('isEmptyDashboard', () => {
  const empty: Dashboard = {
    start: '',
    end: '',
    statusCounts: [{ status: 'open', label: 'Solicitado', count: 0 }],
    averages: { openToAcceptedMinutes: null, openToFinishedMinutes: null },
    costSide: 'shipper',
    costPerShipper: [],
    providerRanking: [],
    sla: { byPhase: [], byProvider: [], byShipper: [] },
  };
  it('is empty only when nothing at all happened', () => {
    expect(isEmptyDashboard(empty)).toBe(true);
    expect(isEmptyDashboard({ ...empty, statusCounts: [{ status: 'open', label: 'Solicitado', count: 1 }] })).toBe(false);
    expect(isEmptyDashboard({ ...empty, costPerShipper: [cost('2026-01', 'a', 1)] })).toBe(false);
    const judged = { key: 'a', name: 'Andrade', met: 1, breached: 0, rate: 1 };
    expect(isEmptyDashboard({ ...empty, sla: { byPhase: [], byProvider: [], byShipper: [judged] } })).toBe(false);
  });
});

describe("the report screen's first period", () => {
  it('is the current month, first day 00:00 to its last instant, leap February and December included', () => {
    expect(currentMonth(new Date(2028, 1, 10, 15, 30))).toEqual({ start: new Date(2028, 1, 1), end: new Date(2028, 1, 29, 23, 59, 59, 999) });
    expect(currentMonth(new Date(2026, 11, 31, 23, 59))).toEqual({ start: new Date(2026, 11, 1), end: new Date(2026, 11, 31, 23, 59, 59, 999) });
  });
});
