/**
 * The reports dashboard (ours, docs/rules/reports.md; GET /api/reports/dashboard): missions per status,
 * how long
 * missions wait to be accepted and to be finished, what each shipper costs month by month, and how
 * the providers compare. One answer per period, aggregated by the server; the helpers below only
 * shape it for the charts.
 */
import type { InferType } from 'yup';
import { DATE_RANGE_ORDER, INVALID_DATE } from '../messages';
import { dateText, group } from '../schemas/fields';
import { DATE_OUT_OF_RANGE, isWithinDateYears } from '../validators/dates';
import type { FromSchema } from '../fromSchema';
import type { dashboardSchema } from './responseSchemas';

/** The dashboard's answer (responseSchemas.ts). Per status: every stored status the viewer sees in the product's order, zeros included (a provider: competition.ts). */
export type Dashboard = FromSchema<typeof dashboardSchema>;
export type DashboardStatusCount = Dashboard['statusCounts'][number];
/** Mean minutes from a mission's creation to its first acceptance and to its first finish; null when none was. */
export type DashboardAverages = Dashboard['averages'];
/**
 * One month (aaaa-mm of the mission's creation, São Paulo time) of one shipper, on the side
 * `costSide` names: the shipper side (what shippers pay) for risk managers and admins; a provider
 * sees only its own side (what it is paid), still per shipper.
 */
export type DashboardCost = Dashboard['costPerShipper'][number];
/**
 * A provider's missions of the period, mean minutes from creation to its acceptance, and the share
 * (0..1) of its measurable missions where the first agent arrived no later than acceptance + the
 * proposal's ETA (null when unknown).
 */
export type DashboardProviderRow = Dashboard['providerRanking'][number];
/**
 * SLA compliance over the period's missions (src/domain/missions/sla.ts): per phase, per provider
 * (the phases it answers for, on the missions it holds) and per shipper (every phase). A phase
 * counts once it met or broke its target; one still on time or without a target does not.
 */
export type DashboardSla = Dashboard['sla'];
/** One line of the SLA compliance tables: a phase, or a provider's or shipper's id, with its SlaCompliance. */
export type DashboardSlaRow = DashboardSla['byPhase'][number];

// ── Query ────────────────────────────────────────────────────────────────────
/** Ours: the dashboard needs both ends of its period. */
export const DASHBOARD_DATES_REQUIRED = 'Informe as datas de início e fim';
/** Ours: a wider period would aggregate too much at once and read badly in the charts. */
export const DASHBOARD_RANGE_TOO_LONG = 'O período não pode ser maior que um ano';

/** The end may be at most this long after the start (calendar year, leap days included). */
export function withinOneYear(start: Date, end: Date): boolean {
  const limit = new Date(start);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return end.getTime() <= limit.getTime();
}

/** What is wrong with a period the screen holds (its own pickers), or null: the same rules as the query's. */
export function dashboardRangeError(start: Date | null, end: Date | null): string | null {
  if (!start || !end) return DASHBOARD_DATES_REQUIRED;
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return INVALID_DATE;
  if (!isWithinDateYears(start) || !isWithinDateYears(end)) return DATE_OUT_OF_RANGE;
  if (start > end) return DATE_RANGE_ORDER;
  return withinOneYear(start, end) ? null : DASHBOARD_RANGE_TOO_LONG;
}

const isoDate = () => dateText().required(DASHBOARD_DATES_REQUIRED);

const bothValid = (start: string | undefined, end: string | undefined): [Date, Date] | null => {
  if (!start || !end) return null;
  const pair: [Date, Date] = [new Date(start), new Date(end)];
  return pair.some((d) => Number.isNaN(d.getTime())) ? null : pair;
};

/** GET dashboard ?start&end: ISO instants, end not before start, at most a year apart. */
export const dashboardQuerySchema = group({
  start: isoDate(),
  end: isoDate()
    .test({
      name: 'invalid_date_range',
      message: DATE_RANGE_ORDER,
      test(end) {
        const pair = bothValid((this.parent as { start?: string }).start, end);
        return !pair || pair[0] <= pair[1];
      },
    })
    .test({
      name: 'range_too_long',
      message: DASHBOARD_RANGE_TOO_LONG,
      test(end) {
        const pair = bothValid((this.parent as { start?: string }).start, end);
        return !pair || withinOneYear(...pair);
      },
    }),
});
export type DashboardQuery = InferType<typeof dashboardQuerySchema>;

/** The screen's default period: the last 90 days up to now. */
export const DASHBOARD_DEFAULT_DAYS = 90;
export function defaultDashboardRange(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getTime() - DASHBOARD_DEFAULT_DAYS * 24 * 60 * 60 * 1000), end: now };
}

// ── Chart shaping ────────────────────────────────────────────────────────────
/** Shippers drawn one by one; the rest add up in OTHERS_LABEL. */
export const TOP_SHIPPERS = 5;
export const OTHERS_KEY = 'outros';
export const OTHERS_LABEL = 'Outros';

export interface CostSeries {
  /** The lines: key (shipper id or OTHERS_KEY) and the name to show, biggest total first. */
  series: { key: string; name: string }[];
  /** One point per month in order, every series present (0 when nothing was billed that month). */
  points: ({ month: string } & Record<string, number | string>)[];
}

/**
 * The cost chart's lines: the TOP_SHIPPERS shippers with the largest total over the period (ties by
 * name), the others summed as 'Outros' (only when there are any), one point per month in the
 * answer. Months with no cost at all are not invented.
 */
export function costSeries(costs: readonly DashboardCost[], top = TOP_SHIPPERS): CostSeries {
  const totals = new Map<string, { name: string; total: number }>();
  for (const c of costs) {
    const entry = totals.get(c.shipper) ?? { name: c.shipperName, total: 0 };
    entry.total += c.totalCents;
    totals.set(c.shipper, entry);
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1].total - a[1].total || a[1].name.localeCompare(b[1].name, 'pt-BR'));
  const shown = new Set(ranked.slice(0, top).map(([id]) => id));
  const series = ranked.slice(0, top).map(([key, { name }]) => ({ key, name }));
  if (ranked.length > top) series.push({ key: OTHERS_KEY, name: OTHERS_LABEL });

  const months = [...new Set(costs.map((c) => c.month))].sort();
  const points = months.map((month) => {
    const point: { month: string } & Record<string, number | string> = { month };
    for (const s of series) point[s.key] = 0;
    return point;
  });
  const byMonth = new Map(points.map((p) => [p.month, p]));
  for (const c of costs) {
    const point = byMonth.get(c.month);
    if (!point) continue;
    const key = shown.has(c.shipper) ? c.shipper : OTHERS_KEY;
    point[key] = (point[key] as number) + c.totalCents;
  }
  return { series, points };
}

/** Minutes as hh:mm (hours may pass 24: '30:05'); '—' when unknown. */
export function minutesToHhmm(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return '—';
  const total = Math.max(0, Math.round(minutes));
  const hh = Math.floor(total / 60);
  return `${String(hh).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** A 0..1 rate as a whole percentage ('83%'); '—' when unknown. */
export function rateToPercent(rate: number | null): string {
  return rate === null || !Number.isFinite(rate) ? '—' : `${Math.round(rate * 100)}%`;
}

/** 'aaaa-mm' → 'mm/aaaa', how the axis shows a month. */
export const monthLabel = (month: string): string => {
  const [year, mm] = month.split('-');
  return year && mm ? `${mm}/${year}` : month;
};

/** Whether the period has anything to show at all. */
export const isEmptyDashboard = (d: Dashboard): boolean =>
  d.statusCounts.every((s) => s.count === 0) && d.costPerShipper.length === 0 && d.providerRanking.length === 0 && d.sla.byShipper.length === 0;
