import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { newId } from './db/ids';
import { passwordResets, users } from './db/schema';

/** Password-reset codes (issue 2): 6 random digits, stored hashed, 15 minutes, single use, 5 tries. */
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * HMAC keyed with the server secret (and bound to the user): a copy of the database alone is not
 * enough to brute-force the one million possible codes.
 */
export function hashResetCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`reset:${userId}:${code}`).digest('hex');
}

/** A code typed without its leading zeros (read aloud, or copied from a number cell): pad them back. */
export function normaliseResetCode(input: string): string {
  const code = input.trim();
  return /^\d{1,6}$/.test(code) ? code.padStart(6, '0') : code;
}

/**
 * Stores a fresh code for the user when it exists and is active, replacing (voiding) any earlier
 * one, and answers the clear code to mail; null (nothing stored) otherwise. Unknown and inactive
 * accounts run the very same work — code, HMAC and statement, which then inserts no row — so the
 * forget answer's timing does not tell whether an account exists (issue 6: 3.3 vs 2.6 ms before).
 */
export async function issueResetCode(db: Db, secret: string, userId: string | null, now: Date): Promise<string | null> {
  const target = userId ?? NO_USER_ID;
  const code = newResetCode();
  const values = {
    codeHash: hashResetCode(secret, target, code),
    expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    failedAttempts: 0,
    createdAt: now,
  };
  const stored = await db
    .insert(passwordResets)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as('id'),
          userId: users.id,
          codeHash: sql<string>`${values.codeHash}`.as('code_hash'),
          expiresAt: sql<Date>`${values.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          failedAttempts: sql<number>`0`.as('failed_attempts'),
          createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(users)
        .where(and(eq(users.id, target), eq(users.active, true))),
    )
    .onConflictDoUpdate({ target: passwordResets.userId, set: values })
    .returning({ userId: passwordResets.userId });
  return stored.length > 0 ? code : null;
}

/** A well-formed id no user has (ids start with their creation time; this one is 1970's). */
const NO_USER_ID = '000000000000000000000000';

/**
 * Checks a code and answers the reset row's id when it is right. One attempt is reserved atomically
 * before comparing, so parallel guesses can never exceed the limit; a right code gets it back.
 * Wrong, expired, absent and locked codes all answer null.
 */
export async function verifyResetCode(
  db: Db,
  secret: string,
  userId: string,
  code: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        lt(passwordResets.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id, codeHash: passwordResets.codeHash });
  if (!row) return null;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashResetCode(secret, userId, normaliseResetCode(code)), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} - 1` })
    .where(eq(passwordResets.id, row.id));
  return row.id;
}

/**
 * Uses the code (deletes its row) and sets the new password in one transaction; bumping the token
 * version makes every token issued before the reset stop working. False when a concurrent reset
 * already used the code.
 */
export async function consumeResetCode(db: Db, resetId: string, userId: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(passwordResets).where(eq(passwordResets.id, resetId)).returning({ id: passwordResets.id });
    if (deleted.length === 0) return false;
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    return true;
  });
}
