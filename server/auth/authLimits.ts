import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authFailures } from '../db/schema';

/**
 * Rate limits of the auth service, counted in the auth_failures table so that every server
 * instance sees the same counts (docs/operations/several-instances.md: the server keeps no state of its own).
 * Each key has a fixed window that starts at its first hit; a hit after the window starts a new one.
 * Every attempt is counted before it is evaluated (reserve) and given back when it succeeds.
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
  /**
   * Failed logins for one account (unknown e-mails count too, so a 429 reveals nothing). Over it,
   * only an address with no other attempt in its window is still heard (docs/rules/sign-in.md).
   */
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

/** One limit's count after a reservation, with the start of its window. */
export interface Hit {
  limit: Limit;
  count: number;
  windowStart: Date;
}

let hitsSincePurge = 0;

/**
 * Reserves one attempt on every limit at once, in one statement, before the attempt is evaluated:
 * parallel requests each get their own count, so no more than `max` of them can ever be let
 * through, whatever the concurrency (checking first and counting after the ~30 ms password check
 * let 48 of 100 parallel guesses through). Answers each limit's count including this attempt, in
 * the order given. An attempt that turns out not to be a failure gives its reservation back (release).
 */
export async function reserve<const L extends readonly Limit[]>(
  db: Db,
  limits: L,
  now: Date,
): Promise<{ -readonly [K in keyof L]: Hit }> {
  const counts = await reserveTimes(db, limits.map((limit) => ({ limit, times: 1 })), now);
  // One hit per limit, in the caller's order (a tuple in, a tuple out).
  return limits.map((limit) => counts.get(limit.key) ?? { limit, count: 1, windowStart: now }) as { -readonly [K in keyof L]: Hit };
}

/**
 * Reserves `times` attempts on each limit in one statement, as if they came one after the other:
 * the answer is each key's count after all of them, so the i-th (from 0) of n attempts on a key had
 * `count - n + 1 + i`. Lets a group of attempts (the positions intake's group commit) pay one write.
 */
export async function reserveTimes(db: Db, entries: readonly { limit: Limit; times: number }[], now: Date): Promise<Map<string, Hit>> {
  const nowIso = now.toISOString();
  // One window length for the whole statement: the limits reserved together share their window.
  const windowMs = Math.max(...entries.map((e) => e.limit.windowMs));
  const cutoffIso = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`${authFailures.windowStart} <= ${cutoffIso}::timestamptz`;
  const rows = await db
    .insert(authFailures)
    // Rows in key order, so two statements always lock shared rows in the same order (no deadlock).
    .values([...entries].sort((a, b) => a.limit.key.localeCompare(b.limit.key)).map((e) => ({ key: e.limit.key, count: e.times, windowStart: now })))
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        count: sql`case when ${expired} then excluded.count else ${authFailures.count} + excluded.count end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${authFailures.windowStart} end`,
      },
    })
    .returning({ key: authFailures.key, count: authFailures.count, windowStart: authFailures.windowStart });
  // Keys of unknown e-mails would pile up forever: now and then drop the ones long past their window.
  if (++hitsSincePurge >= 200) {
    hitsSincePurge = 0;
    await db.delete(authFailures).where(lt(authFailures.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)));
  }
  const hits = new Map<string, Hit>();
  for (const { limit, times } of entries) {
    const row = rows.find((r) => r.key === limit.key);
    hits.set(limit.key, { limit, count: row?.count ?? times, windowStart: row?.windowStart ?? now });
  }
  return hits;
}

/** True when this attempt went over its limit and must be refused unevaluated. */
export const isOver = (hit: Hit): boolean => hit.count > hit.limit.max;

/** Seconds until the hit's window ends (the Retry-After of its 429). */
export const secondsLeft = (hit: Hit, now: Date): number =>
  (hit.windowStart.getTime() + hit.limit.windowMs - now.getTime()) / 1000;

/** Gives a reserved attempt back (it was a right password or code), in the window it was taken from. */
export async function release(db: Db, hit: Hit): Promise<void> {
  await db
    .update(authFailures)
    .set({ count: sql`greatest(${authFailures.count} - 1, 0)` })
    .where(and(eq(authFailures.key, hit.limit.key), eq(authFailures.windowStart, hit.windowStart)));
}

export async function clearLimit(db: Db, limit: Limit): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, limit.key));
}
