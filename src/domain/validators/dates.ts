import { DATE_RANGE_ORDER, INVALID_DATE } from '../messages';
import { isBlank, type Validator } from './types';

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

/** Optional dd/mm/yyyy [hh:mm[:ss]] text validator. */
export const validateDateTime: Validator = (value) =>
  isBlank(value) ? undefined : typeof value === 'string' && parseDateTime(value) ? undefined : INVALID_DATE;

type DateInput = Date | string | null | undefined;

const asDate = (value: DateInput): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') return parseDateTime(value);
  return null;
};

/** Spec 5: start must not be after end; a missing or unparseable side makes the check pass. */
export function isDateRangeOrdered(start: DateInput, end: DateInput): boolean {
  const s = asDate(start);
  const e = asDate(end);
  return s === null || e === null || s.getTime() <= e.getTime();
}

/** Message for an out-of-order range, else undefined. */
export const validateDateRange = (start: DateInput, end: DateInput): string | undefined =>
  isDateRangeOrdered(start, end) ? undefined : DATE_RANGE_ORDER;
