/**
 * The browser's estimate of the server's clock, from the Date header of the API's answers. The
 * forms check "not ahead of now" against it (src/domain/validators/clock.ts), because the server's
 * clock decides: a browser clock that is off would otherwise refuse a reading the server takes, or
 * let through one it refuses. The header counts whole seconds: the estimate is within a second or
 * two of the server's, far inside the minutes those rules allow. Before any answer, the browser's
 * own clock.
 */
let offsetMs = 0;

/** Records the server's clock from an answer's Date header (ignored when absent or unreadable). */
export function noteServerDate(header: string | null, receivedAtMs: number = Date.now()): void {
  const serverMs = header ? Date.parse(header) : Number.NaN;
  // The header drops the milliseconds: half a second is the middle of what it dropped.
  if (Number.isFinite(serverMs)) offsetMs = serverMs + 500 - receivedAtMs;
}

/** Now, by the server's clock as far as the browser knows it. */
export const serverNow = (): Date => new Date(Date.now() + offsetMs);
