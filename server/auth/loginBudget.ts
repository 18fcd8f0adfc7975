import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { loginBudgets, loginCodes } from '../db/schema';
import type { CodeKind } from './oneTimeCodes';

/**
 * What one account can be guessed at from all addresses together (docs/rules/sign-in.md).
 * The 15-minute windows of authLimits.ts let a fresh address be heard once even when the account
 * is over its limit — so that nobody can lock the owner out — which let 200 addresses have 200
 * passwords checked. On top of them, each account has a token bucket shared by every address:
 * CAPACITY guesses, refilled continuously at CAPACITY per day (one every 72 minutes). A guess takes
 * a token before the password is checked; a right password gives it back, so the owner's own
 * logins never spend the budget.
 *
 * With the bucket empty, the answer to a password no longer says whether it was right: right and
 * wrong alike get "e-mail code required", and only a right password makes a code go to the
 * account's mailbox. Password and code together then sign in (the owner is never locked out, and an
 * attacker learns nothing without the mailbox). The owner is told once, when the account first
 * runs dry, and again at most once a day while it stays under attack.
 */
export const LOGIN_BUDGET = {
  capacity: 20,
  perDayMs: 24 * 60 * 60 * 1000,
  /** Least time between two "your account is under attack" e-mails. */
  noticeIntervalMs: 24 * 60 * 60 * 1000,
} as const;

/** Codes for signing in past the budget: 10 minutes, single use, 5 tries, at most one e-mail a minute. */
export const LOGIN_CODES: CodeKind = {
  table: loginCodes,
  purpose: 'login',
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  minIntervalMs: 60 * 1000,
};

const budgetKey = (email: string) => `login:budget:${email}`;

export interface Guess {
  /** A token was taken: the password may be checked and its result told. */
  granted: boolean;
  /** This attempt is the one that must e-mail the owner that the account is under attack. */
  notice: boolean;
}

let takesSincePurge = 0;

/**
 * Takes one guess from the account's bucket in one statement, so parallel attempts from any number
 * of addresses each see their own count and no more than the bucket holds are ever granted. Each
 * attempt refills the bucket for the time elapsed, then takes a token; an attempt that finds it
 * below one is refused, and still takes (down to -1), so a sustained attack keeps the bucket empty
 * instead of earning a guess every 72 minutes. The notice goes with the first refusal of a day:
 * the statement stamps its own id on the row, and only the attempt that reads its id back sends it.
 */
export async function takeGuess(db: Db, email: string, now: Date): Promise<Guess> {
  const nowIso = now.toISOString();
  const attemptId = newId();
  const perMs = LOGIN_BUDGET.capacity / LOGIN_BUDGET.perDayMs;
  // The stored tokens refilled up to now, never beyond the capacity (nor back in time: instances' clocks differ).
  const available = sql`least(${LOGIN_BUDGET.capacity}::float8, ${loginBudgets.tokens} + greatest(0, extract(epoch from (${nowIso}::timestamptz - ${loginBudgets.refilledAt})) * 1000) * ${perMs}::float8)`;
  const notify = sql`(${available}) < 1 and (${loginBudgets.noticedAt} is null or ${loginBudgets.noticedAt} <= ${new Date(now.getTime() - LOGIN_BUDGET.noticeIntervalMs).toISOString()}::timestamptz)`;
  const [row] = await db
    .insert(loginBudgets)
    .values({ key: budgetKey(email), tokens: LOGIN_BUDGET.capacity - 1, refilledAt: now })
    .onConflictDoUpdate({
      target: loginBudgets.key,
      set: {
        tokens: sql`greatest((${available}) - 1, -1)`,
        refilledAt: now,
        noticedAt: sql`case when ${notify} then ${nowIso}::timestamptz else ${loginBudgets.noticedAt} end`,
        noticedBy: sql`case when ${notify} then ${attemptId} else ${loginBudgets.noticedBy} end`,
      },
    })
    .returning({ tokens: loginBudgets.tokens, noticedBy: loginBudgets.noticedBy });
  // A bucket untouched for a day is full again, the same as no row: drop those now and then.
  if (++takesSincePurge >= 200) {
    takesSincePurge = 0;
    await db.delete(loginBudgets).where(lt(loginBudgets.refilledAt, new Date(now.getTime() - 2 * LOGIN_BUDGET.perDayMs)));
  }
  return { granted: (row?.tokens ?? 0) >= 0, notice: row?.noticedBy === attemptId };
}

/** Gives a granted guess back (the password was right). */
export async function giveBack(db: Db, email: string): Promise<void> {
  await db
    .update(loginBudgets)
    .set({ tokens: sql`least(${loginBudgets.tokens} + 1, ${LOGIN_BUDGET.capacity}::float8)` })
    .where(eq(loginBudgets.key, budgetKey(email)));
}
