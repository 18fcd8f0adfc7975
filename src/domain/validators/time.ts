import { TIME_FORMAT, TIME_HOURS_RANGE, TIME_MINUTES_RANGE } from '../messages';

/**
 * Durations written hh:mm (franchise operation time, proposal ETA): hours 0-99, minutes 0-59.
 * Hours may have any number of digits so that '120:00' is reported as out of range rather than
 * as a format error; minutes are always two digits.
 */

const SHAPE = /^(\d+):(\d{2})$/;

export interface HoursMinutes {
  hours: number;
  minutes: number;
}

/** The message for a non-blank hh:mm text, or undefined when it is valid. */
export function hhmmProblem(input: string): string | undefined {
  const match = SHAPE.exec(input.trim());
  if (!match) return TIME_FORMAT;
  if (Number(match[1]) > 99) return TIME_HOURS_RANGE;
  if (Number(match[2]) > 59) return TIME_MINUTES_RANGE;
  return undefined;
}

/** Parses a valid hh:mm; null for anything hhmmProblem rejects. */
export function parseHhmm(input: string): HoursMinutes | null {
  if (hhmmProblem(input) !== undefined) return null;
  const [hours, minutes] = input.trim().split(':').map(Number);
  if (hours === undefined || minutes === undefined) return null;
  return { hours, minutes };
}

/** Total minutes of a valid hh:mm, else null. */
export function hhmmToMinutes(input: string): number | null {
  const parsed = parseHhmm(input);
  return parsed ? parsed.hours * 60 + parsed.minutes : null;
}

/** Formats whole minutes (0 … 99h59) as hh:mm with two-digit hours. */
export function minutesToHhmm(total: number): string {
  if (!Number.isInteger(total) || total < 0 || total > 99 * 60 + 59) {
    throw new RangeError('minutes out of the hh:mm range');
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/**
 * Whole minutes as a person says a duration, never read as a clock time: 45 → '45 min',
 * 65 → '1 h 05 min', 120 → '2 h'.
 */
export function durationText(total: number): string {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('minutes must be a non-negative integer');
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${String(minutes).padStart(2, '0')} min`;
}
