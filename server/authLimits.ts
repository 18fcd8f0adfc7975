import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { authFailures } from './db/schema';

/**
 * Rate limits of the auth service, counted in the auth_failures table so that every server
 * instance sees the same counts (DESIGN 2: the server keeps no state of its own).
 * Each key has a fixed window that starts at its first hit; a hit after the window starts a new one.
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export const LIMIT_WINDOW_MS = 15 * 60 * 1000;

/** Lower-cased, trimmed e-mail: the same account whatever case the person typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const LIMITS = {
  /** Failed logins for one account (unknown e-mails count too, so a 429 reveals nothing). */
  loginAccount: (email: string): Limit => ({ key: `login:acct:${email}`, max: 5, windowMs: LIMIT_WINDOW_MS }),
  /** Failed logins from one client address; successful logins are never counted. */
  loginAddress: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 20, windowMs: LIMIT_WINDOW_MS }),
  /** Reset-code requests for one account. */
  forgetAccount: (email: string): Limit => ({ key: `forget:acct:${email}`, max: 5, windowMs: LIMIT_WINDOW_MS }),
  /** Reset-code requests from one client address. */
  forgetAddress: (ip: string): Limit => ({ key: `forget:ip:${ip}`, max: 20, windowMs: LIMIT_WINDOW_MS }),
  /** Wrong reset codes (validate and reset) from one client address. */
  codeAddress: (ip: string): Limit => ({ key: `code:ip:${ip}`, max: 20, windowMs: LIMIT_WINDOW_MS }),
} as const;

/** True when any of the limits has reached its maximum inside its current window. */
export async function isLimited(db: Db, limits: Limit[], now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: authFailures.key, count: authFailures.count, windowStart: authFailures.windowStart })
    .from(authFailures)
    .where(inArray(authFailures.key, limits.map((l) => l.key)));
  return limits.some((limit) => {
    const row = rows.find((r) => r.key === limit.key);
    return !!row && row.windowStart.getTime() > now.getTime() - limit.windowMs && row.count >= limit.max;
  });
}

let hitsSincePurge = 0;

/** Counts one hit atomically (several instances may count at once) and returns the count in the window. */
export async function recordHit(db: Db, limit: Limit, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const cutoffIso = new Date(now.getTime() - limit.windowMs).toISOString();
  const expired = sql`${authFailures.windowStart} <= ${cutoffIso}::timestamptz`;
  const [row] = await db
    .insert(authFailures)
    .values({ key: limit.key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authFailures.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${authFailures.windowStart} end`,
      },
    })
    .returning({ count: authFailures.count });
  // Keys of unknown e-mails would pile up forever: now and then drop the ones long past their window.
  if (++hitsSincePurge >= 200) {
    hitsSincePurge = 0;
    await db.delete(authFailures).where(lt(authFailures.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)));
  }
  return row?.count ?? 1;
}

export async function recordHits(db: Db, limits: Limit[], now: Date): Promise<void> {
  for (const limit of limits) await recordHit(db, limit, now);
}

export async function clearLimit(db: Db, limit: Limit): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, limit.key));
}
