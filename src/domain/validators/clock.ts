/**
 * The clock the rules about "now" read (an agent's odometer time may not lie ahead of it, a
 * vehicle's year not beyond the next): the yup context's `now`. The server passes its own clock,
 * which decides; the forms pass the browser's estimate of the server's clock
 * (src/dataProvider/serverClock.ts), so a phone whose clock is off neither refuses a reading the
 * server takes nor lets through one it refuses. Without a context, this machine's clock.
 */
export interface ClockContext {
  now?: () => Date;
}

export function contextNow(context: unknown): Date {
  const now = (context as ClockContext | undefined)?.now;
  return typeof now === 'function' ? now() : new Date();
}

/**
 * How far ahead of the clock a reading's time may be: an agent's device a few minutes fast, or a
 * reading rounded up to the next minute, is no typing mistake. Hours ahead are one, and would make
 * the SLA clocks and the billed time jump.
 */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** Whether an instant lies more than the tolerance ahead of `now`. */
export const isAheadOf = (instantMs: number, now: Date): boolean => instantMs > now.getTime() + FUTURE_TOLERANCE_MS;

/** The latest model year a vehicle can have: next year's models are sold from the middle of this one. */
export const latestVehicleYear = (now: Date): number => now.getFullYear() + 1;
