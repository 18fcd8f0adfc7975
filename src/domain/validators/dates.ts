import { DATE_RANGE_ORDER, INVALID_DATE } from '../messages';

/**
 * Dates as people type and read them: dd/mm/yyyy with optional ' hh:mm' or ' hh:mm:ss', in the
 * browser's (or server's) local time. Impossible calendar dates (31/02) are rejected, not rolled over.
 */

const DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses dd/mm/yyyy [hh:mm[:ss]] into a local Date; null when malformed or impossible. */
export function parseDateTime(input: string): Date | null {
  const match = DATE_TIME.exec(input.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [hours, minutes, seconds] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // new Date rolls 31/02 into March; a round-trip of the fields catches it.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

const toDate = (value: Date | string | number): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** dd/mm/yyyy of a Date, ISO string or epoch ms; '' when not a date. */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear(), 4)}` : '';
}

/** dd/mm/yyyy hh:mm, or dd/mm/yyyy hh:mm:ss with `seconds`; '' when not a date. */
export function formatDateTime(value: Date | string | number, options: { seconds?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${options.seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${formatDate(d)} ${time}`;
}

/** São Paulo's wall clock, numeric parts (formatToParts), 24 h. */
export const SAO_PAULO_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * dd/mm/yyyy hh:mm (hh:mm:ss with `seconds`) of an instant in São Paulo time, wherever the code runs (the server writes it
 * into spreadsheets; the browser may be elsewhere); '' when not a date.
 */
export function formatSaoPauloDateTime(value: Date | string | number, options: { seconds?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const part = Object.fromEntries(SAO_PAULO_CLOCK.formatToParts(d).map((p) => [p.type, Number(p.value)]));
  const seconds = options.seconds ? `:${pad(part.second ?? 0)}` : '';
  return `${pad(part.day ?? 0)}/${pad(part.month ?? 0)}/${pad(part.year ?? 0, 4)} ${pad(part.hour ?? 0)}:${pad(part.minute ?? 0)}${seconds}`;
}

/**
 * The one rule for every date the product takes, typed in a form or sent in a query or a body
 * (monitoring, report and dashboard periods, occurrence dates, the agents' odometer times, the
 * createdAt naming an item): the years 1900 to 2099. JavaScript reads dates up to the year ±275760
 * and PostgreSQL refuses some of them (year 10000 and beyond), yet no mission, reading or report
 * period lies outside these years: such a date is a typing mistake, answered 400. They are also the
 * years the date pickers offer (MUI X's own default range, set explicitly from here).
 * The server does not know where a date was typed, so an instant passes when it falls within those
 * years in some time zone (UTC−12 to UTC+14): a date picked anywhere within them is never refused.
 */
export const FIRST_DATE_YEAR = 1900;
export const LAST_DATE_YEAR = 2099;
export const DATE_OUT_OF_RANGE = `Informe uma data entre os anos ${FIRST_DATE_YEAR} e ${LAST_DATE_YEAR}`;

const HOUR_MS = 3_600_000;
const EARLIEST_MS = Date.UTC(FIRST_DATE_YEAR, 0, 1) - 14 * HOUR_MS;
/** Exclusive. */
const AFTER_LATEST_MS = Date.UTC(LAST_DATE_YEAR + 1, 0, 1) + 12 * HOUR_MS;

/** Whether a (valid) date falls within the product's years. */
export const isWithinDateYears = (date: Date): boolean => date.getTime() >= EARLIEST_MS && date.getTime() < AFTER_LATEST_MS;

/** What is wrong with a date sent as text (anything Date.parse reads), or undefined when it is fine. */
export function dateTextProblem(value: string): string | undefined {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return INVALID_DATE;
  return isWithinDateYears(new Date(ms)) ? undefined : DATE_OUT_OF_RANGE;
}

/** The same for a date a picker holds: none picked, or one still being typed (invalid), is no problem yet. */
export const pickedDateProblem = (date: Date | null): string | undefined =>
  date !== null && !Number.isNaN(date.getTime()) && !isWithinDateYears(date) ? DATE_OUT_OF_RANGE : undefined;

/** The first and last moments a picker offers, in the browser's time. */
export const PICKER_DATE_BOUNDS = {
  min: new Date(FIRST_DATE_YEAR, 0, 1),
  max: new Date(LAST_DATE_YEAR, 11, 31, 23, 59, 59),
} as const;

type DateInput = Date | string | null | undefined;

const asDate = (value: DateInput): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') return parseDateTime(value);
  return null;
};

/** docs/rules/validation.md: start must not be after end; a missing or unparseable side makes the check pass. */
export function isDateRangeOrdered(start: DateInput, end: DateInput): boolean {
  const s = asDate(start);
  const e = asDate(end);
  return s === null || e === null || s.getTime() <= e.getTime();
}

/** Message for an out-of-order range, else undefined. */
export const validateDateRange = (start: DateInput, end: DateInput): string | undefined =>
  isDateRangeOrdered(start, end) ? undefined : DATE_RANGE_ORDER;

/** The messages under a picked period's start and end (the years; the end also the order); undefined: none. */
export function pickedPeriodProblems(start: Date | null, end: Date | null): { start?: string; end?: string } {
  return { start: pickedDateProblem(start), end: pickedDateProblem(end) ?? validateDateRange(start, end) };
}
