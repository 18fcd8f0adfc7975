/**
 * Kilometre and time totals of a security agent (docs/rules/billing.md), shared by the details screen's
 * extended
 * agent table and by the billing calculus, so both always show the same figures.
 *
 * Units: readings become whole metres (km × 1000 rounded to the metre: an odometer's tenths are kept
 * exactly, binary noise such as 0.1 + 0.2 is not) and whole minutes (each instant cut down to its
 * minute, as the tables show hh:mm; seconds a device may add are not billed). A span that runs
 * backwards (readings out of order, which the agent form refuses) counts 0, never a negative total.
 *
 * Missing endOnPlace (docs/rules/billing.md allows null): the point falls back to `end`. The agent then did not
 * record leaving the place separately, and `end` is the reading that exists; it can only be later
 * and further (start ≤ arrival ≤ endOnPlace ≤ end), so the fallback never bills less than what
 * happened, and billing nothing for that agent would be plainly wrong.
 *
 * Points not read yet (a running mission, its readings saved one at a time: docs/rules/field-app.md)
 * fall back to the latest reading taken: the totals so far. A finished mission has every point
 * (server/missions/status.ts refuses the finish otherwise), so billing never prices a partial odometer.
 */
import type { HourIntervalType, IntervalType } from '../enums';
import { formatNumber } from '../validators/numbers';
import type { AgentTotals, Measurement, Odometer, OdometerPoint, OdometerReading, Span } from './types';

const MS_PER_MINUTE = 60_000;

const POINTS_IN_ORDER: readonly OdometerPoint[] = ['start', 'arrivalOnPlace', 'endOnPlace', 'end'];

/** The last point read so far. */
export function latestReading(odometer: Odometer): OdometerReading {
  return POINTS_IN_ORDER.reduce<OdometerReading>((latest, point) => odometer[point] ?? latest, odometer.start);
}

/** The reading of a point; a missing endOnPlace reads as end, a point not read yet as the latest reading (see above). */
export function readingAt(odometer: Odometer, point: OdometerPoint): OdometerReading {
  return odometer[point] ?? odometer.end ?? latestReading(odometer);
}

/** Whole metres of a distance in km. */
export function kmToMetres(km: unknown): number {
  if (typeof km !== 'number' || !Number.isFinite(km) || km < 0) throw new RangeError('km must be a non-negative number');
  return Math.round(km * 1000);
}

/** Whole metres of a reading. */
export const metresOf = (reading: OdometerReading): number => kmToMetres(reading.km);

/** Epoch milliseconds of a reading's instant. */
export function instantOf(reading: OdometerReading): number {
  const ms = reading.time instanceof Date ? reading.time.getTime() : Date.parse(reading.time);
  if (!Number.isFinite(ms)) throw new RangeError('odometer time must be a valid instant');
  return ms;
}

/** The reading's instant as a whole minute count since the epoch (seconds dropped). */
export function minuteOf(reading: OdometerReading): number {
  return Math.floor(instantOf(reading) / MS_PER_MINUTE);
}

export function spanMetres(odometer: Odometer, span: Span): number {
  return Math.max(0, metresOf(readingAt(odometer, span.to)) - metresOf(readingAt(odometer, span.from)));
}

export function spanMinutes(odometer: Odometer, span: Span): number {
  return Math.max(0, minuteOf(readingAt(odometer, span.to)) - minuteOf(readingAt(odometer, span.from)));
}

/** Distance spans of the plan's km measurement (docs/rules/billing.md). */
export const DISTANCE_SPANS: Record<IntervalType, Span> = {
  start_end: { from: 'start', to: 'end' },
  start_place: { from: 'start', to: 'endOnPlace' },
};

/** Time spans of the plan's hour interval. */
export const TIME_SPANS: Record<HourIntervalType, Span> = {
  start_endOnPlace: { from: 'start', to: 'endOnPlace' },
  arrivalOnPlace_endOnPlace: { from: 'arrivalOnPlace', to: 'endOnPlace' },
};

/** The details screen without a plan (docs/rules/billing.md): km and time from start to end. */
export const DETAILS_MEASUREMENT: Measurement = {
  distance: { from: 'start', to: 'end' },
  time: { from: 'start', to: 'end' },
};

const SPAN_FROM: Record<OdometerPoint, string> = { start: 'do início', arrivalOnPlace: 'da chegada no local', endOnPlace: 'da saída do local', end: 'do fim' };
const SPAN_TO: Record<OdometerPoint, string> = { start: 'ao início', arrivalOnPlace: 'à chegada no local', endOnPlace: 'à saída do local', end: 'ao fim' };

/**
 * What a time figure counts, in words ('da chegada no local à saída do local'). The agents' totals
 * (start to end) and the billed hours (the plan's span, from the first agent to the last) are
 * different figures of one mission: each is shown with the span it counts, so they never seem to
 * disagree without a reason.
 */
export const spanText = (span: Span): string => `${SPAN_FROM[span.from]} ${SPAN_TO[span.to]}`;

/** The header of an agent's own time total (details and billing screens). */
export const AGENT_HOURS_LABEL = `Total de horas (${spanText(DETAILS_MEASUREMENT.time)})`;

/** The measurement a plan bills by. */
export function planMeasurement(limits: { intervalType: IntervalType; hourIntervalType: HourIntervalType }): Measurement {
  if (!Object.hasOwn(DISTANCE_SPANS, limits.intervalType) || !Object.hasOwn(TIME_SPANS, limits.hourIntervalType)) {
    throw new RangeError('unknown plan measurement');
  }
  return { distance: DISTANCE_SPANS[limits.intervalType], time: TIME_SPANS[limits.hourIntervalType] };
}

/** Km and time totals of one agent. */
export function agentTotals(odometer: Odometer, measurement: Measurement = DETAILS_MEASUREMENT): AgentTotals {
  const metres = spanMetres(odometer, measurement.distance);
  const minutes = spanMinutes(odometer, measurement.time);
  return { metres, minutes, kmText: formatKm(metres), timeText: formatDuration(minutes) };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Whole minutes as hh:mm. Unlike minutesToHhmm (plan durations, capped at 99:59 by the form), a
 * mission may last days, so the hours simply grow: 100 h 5 min → '100:05'.
 */
export function formatDuration(minutes: number): string {
  if (!Number.isSafeInteger(minutes) || minutes < 0) throw new RangeError('minutes must be a non-negative integer');
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Whole metres as km in pt-BR (formatNumber, to the metre): 1234500 → '1.234,5', 150000 → '150', 1 → '0,001'. */
export function formatKm(metres: number): string {
  if (!Number.isSafeInteger(metres) || metres < 0) throw new RangeError('metres must be a non-negative integer');
  return formatNumber(metres / 1000, 3);
}

/**
 * A reading or a distance in km (a decimal, as the API carries it) as every screen and document
 * shows it: to the metre, like the totals, so binary noise never shows. 48271.700000000004 → '48.271,7 km'.
 */
export function formatKilometres(km: number): string {
  return `${formatKm(kmToMetres(km))} km`;
}
