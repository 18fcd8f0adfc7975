import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { users, type OneTimeCodeTable } from '../db/schema';

/**
 * Six-digit codes mailed to a person, who types them back: "Esqueci a senha" (resetCodes.ts) and
 * the login of an account past its budget (loginBudget.ts). Each kind has its own table and
 * purpose, so a code of one kind is never accepted as the other.
 */
export interface CodeKind {
  table: OneTimeCodeTable;
  /** Bound into the hash, so the same digits hash differently for each kind. */
  purpose: string;
  ttlMs: number;
  /** Wrong tries a code survives; then it is dead until a new one is issued. */
  maxAttempts: number;
  /** A new code replaces the live one only when that one is at least this old (no e-mail flood). */
  minIntervalMs: number;
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * HMAC keyed with the server secret (and bound to the kind and the user): a copy of the database
 * alone is not enough to brute-force the one million possible codes.
 */
export function hashCode(secret: string, purpose: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

/** A code typed without its leading zeros (read aloud, or copied from a number cell): pad them back. */
export function normaliseCode(input: string): string {
  const code = input.trim();
  return /^\d{1,6}$/.test(code) ? code.padStart(6, '0') : code;
}

/** A well-formed id no user has (ids start with their creation time; this one is 1970's). */
const NO_USER_ID = '000000000000000000000000';

/**
 * Stores a fresh code for the user when it exists and is active, replacing (voiding) a live one
 * older than the kind's minimum interval, and answers the clear code to mail; null (nothing stored)
 * otherwise. An absent user (null) runs the very same work — code, HMAC and statement, which then
 * inserts no row — so the answer's timing does not tell whether there was one (the figures before and
 * after: docs/performance.md).
 */
export async function issueCode(db: Db, kind: CodeKind, secret: string, userId: string | null, now: Date): Promise<string | null> {
  const { table } = kind;
  const target = userId ?? NO_USER_ID;
  const code = newCode();
  const values = {
    codeHash: hashCode(secret, kind.purpose, target, code),
    expiresAt: new Date(now.getTime() + kind.ttlMs),
    failedAttempts: 0,
    createdAt: now,
  };
  const stored = await db
    .insert(table)
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
    .onConflictDoUpdate({
      target: table.userId,
      set: values,
      setWhere: lte(table.createdAt, new Date(now.getTime() - kind.minIntervalMs)),
    })
    .returning({ userId: table.userId });
  return stored.length > 0 ? code : null;
}

/**
 * Checks a code and answers its row's id when it is right. One attempt is reserved atomically
 * before comparing, so parallel guesses can never exceed the limit; a right code gets it back.
 * Wrong, expired, absent and dead codes all answer null.
 */
export async function verifyCode(
  db: Db,
  kind: CodeKind,
  secret: string,
  userId: string,
  code: string,
  now: Date,
): Promise<string | null> {
  const { table } = kind;
  const [row] = await db
    .update(table)
    .set({ failedAttempts: sql`${table.failedAttempts} + 1` })
    .where(and(eq(table.userId, userId), lt(table.failedAttempts, kind.maxAttempts), gt(table.expiresAt, now)))
    .returning({ id: table.id, codeHash: table.codeHash });
  if (!row) return null;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(secret, kind.purpose, userId, normaliseCode(code)), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  await db
    .update(table)
    .set({ failedAttempts: sql`${table.failedAttempts} - 1` })
    .where(eq(table.id, row.id));
  return row.id;
}

/** Uses a verified code up (deletes its row); false when a concurrent request already used it. */
export async function useCode(db: Db, kind: CodeKind, codeId: string): Promise<boolean> {
  const deleted = await db.delete(kind.table).where(eq(kind.table.id, codeId)).returning({ id: kind.table.id });
  return deleted.length > 0;
}
