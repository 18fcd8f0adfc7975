import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  isRecoveryCode,
  isTotpCode,
  isTwoFactorPolicyProfile,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  type TwoFactorSetup,
} from '../../src/domain/twoFactor';
import type { Role } from '../../src/domain/roles';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { recordAudit, type AuditSource } from '../audit/record';
import { riskManagers, twoFactorRecoveryCodes, twoFactorSecrets, users } from '../db/schema';

/**
 * The second factor of a sign-in (docs/operations/two-factor.md): a TOTP secret per user
 * (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app expects) kept encrypted, and 10
 * single-use recovery codes kept as HMACs. Both keys derive from the server secret, so a copy of
 * the database alone yields neither the secrets nor a way to test recovery codes.
 */

const ISSUER = 'Pronta Resposta';
/** A code of the step before or after the current one is accepted too (clocks of phones drift). */
const DRIFT_SECONDS = 30;

const derivedKey = (serverSecret: string, purpose: string) => createHash('sha256').update(`${purpose}:${serverSecret}`).digest();

function encryptSecret(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(serverSecret, 'two-factor-secret'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join('.');
}

function decryptSecret(serverSecret: string, stored: string): string {
  const [iv = '', tag = '', body = ''] = stored.split('.');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(serverSecret, 'two-factor-secret'), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

const hashRecoveryCode = (serverSecret: string, userId: string, code: string) =>
  createHmac('sha256', derivedKey(serverSecret, 'two-factor-recovery')).update(`${userId}:${normaliseRecoveryCode(code)}`).digest('hex');

export interface TwoFactorState {
  /** Confirmed: the login asks for a code. */
  enabled: boolean;
  /** A setup started and not confirmed yet. */
  pending: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: Db, userId: string): Promise<TwoFactorState> {
  const [row] = await db.select({ confirmedAt: twoFactorSecrets.confirmedAt }).from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  const [codes] = await db.select({ n: count() }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  return { enabled: Boolean(row?.confirmedAt), pending: Boolean(row && !row.confirmedAt), recoveryCodesLeft: codes?.n ?? 0 };
}

/**
 * What a login needs to know, in one statement: whether the account's second factor is on, being
 * set up, or required by its risk manager's setting (a platform admin's is required once on).
 */
export async function loginTwoFactor(
  db: Db,
  user: { id: string; role: Role; riskManager: string | null },
): Promise<{ enabled: boolean; pending: boolean; required: boolean }> {
  const [row] = await db
    .select({ confirmedAt: twoFactorSecrets.confirmedAt, secretOf: twoFactorSecrets.userId, policy: riskManagers.requireTwoFactor })
    .from(users)
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, users.id))
    .leftJoin(riskManagers, eq(riskManagers.id, users.riskManager))
    .where(eq(users.id, user.id));
  const enabled = Boolean(row?.confirmedAt);
  const required = user.role.type === 'admin' ? enabled : isTwoFactorPolicyProfile(user.role) && (row?.policy ?? false);
  return { enabled, pending: Boolean(row?.secretOf) && !enabled, required };
}

/**
 * Whether the login must ask for a second factor, enabled or not yet: the risk manager's setting
 * for its Administrador and TI users, and, once they have set it up, platform admins (who cannot
 * turn it off).
 */
export async function twoFactorRequired(db: Db, user: { role: Role; riskManager: string | null }, enabled: boolean): Promise<boolean> {
  if (user.role.type === 'admin') return enabled;
  if (!isTwoFactorPolicyProfile(user.role) || user.riskManager === null) return false;
  const [row] = await db.select({ required: riskManagers.requireTwoFactor }).from(riskManagers).where(eq(riskManagers.id, user.riskManager));
  return row?.required ?? false;
}

/**
 * Starts (or restarts) a setup: a new secret, stored encrypted and unconfirmed, answered once with
 * its QR code. A confirmed secret is never replaced here (null): it is turned off first.
 */
export async function startSetup(db: Db, serverSecret: string, user: { id: string; email: string }, now: Date): Promise<TwoFactorSetup | null> {
  const secret = generateSecret();
  const secretCipher = encryptSecret(serverSecret, secret);
  const stored = await db
    .insert(twoFactorSecrets)
    .values({ userId: user.id, secretCipher, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretCipher, lastTimeStep: null, createdAt: now },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  if (stored.length === 0) return null;
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * Checks an authenticator code against the confirmed secret (`confirming` false) or the one being
 * set up (true, which confirms it). The time step of an accepted code is stored in the same
 * statement that checks it is newer than the last one accepted, so a code is good once, even when
 * two requests send it at the same moment.
 */
async function checkTotp(db: Db, serverSecret: string, userId: string, code: string, now: Date, confirming: boolean): Promise<boolean> {
  if (!isTotpCode(code)) return false;
  const confirmed = confirming ? isNull(twoFactorSecrets.confirmedAt) : isNotNull(twoFactorSecrets.confirmedAt);
  const [row] = await db
    .select({ secretCipher: twoFactorSecrets.secretCipher, lastTimeStep: twoFactorSecrets.lastTimeStep })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), confirmed));
  if (!row) return false;
  const result = await verify({
    secret: decryptSecret(serverSecret, row.secretCipher),
    token: code.trim(),
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
  });
  // The functional verify answers HOTP's shape too; only TOTP's has the time step.
  if (!result.valid || !('timeStep' in result)) return false;
  const used = await db
    .update(twoFactorSecrets)
    .set({ lastTimeStep: result.timeStep, ...(confirming ? { confirmedAt: now } : {}) })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        confirmed,
        or(isNull(twoFactorSecrets.lastTimeStep), lt(twoFactorSecrets.lastTimeStep, result.timeStep)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return used.length > 0;
}

/** Uses one recovery code up: true when it was one of the user's and nobody used it before. */
export async function useRecoveryCode(db: Db, serverSecret: string, userId: string, code: string): Promise<boolean> {
  if (!isRecoveryCode(code)) return false;
  const deleted = await db
    .delete(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(serverSecret, userId, code))))
    .returning({ id: twoFactorRecoveryCodes.id });
  return deleted.length > 0;
}

const newRecoveryCode = () => Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');

/** Replaces the user's recovery codes with 10 new ones, answered once in clear ('ABCDE-23456'). */
async function newRecoveryCodes(db: Db, serverSecret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((code) => ({ id: newId(), userId, codeHash: hashRecoveryCode(serverSecret, userId, code) })));
  });
  return codes.map(formatRecoveryCode);
}

/**
 * Turns a pending second factor on with the app's first code: the confirmation, the 10 new
 * recovery codes and the audit entry commit together. Null when the code is not right.
 */
export async function confirmTwoFactor(
  db: Db,
  serverSecret: string,
  source: AuditSource,
  user: { id: string; riskManager: string | null },
  code: string,
  now: Date,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await checkTotp(tx, serverSecret, user.id, code, now, true))) return null;
    const recoveryCodes = await newRecoveryCodes(tx, serverSecret, user.id);
    await recordAudit(tx, source, { entity: 'twoFactor', action: 'twoFactorEnabled', record: user.id, tenant: user.riskManager });
    return recoveryCodes;
  });
}

/** Turns the second factor off: the secret and the recovery codes are gone. True when there was one. */
export async function removeTwoFactor(db: Db, userId: string): Promise<boolean> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const deleted = await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).returning({ userId: twoFactorSecrets.userId });
  return deleted.length > 0;
}

/**
 * The second factor of a login: a 6-digit code of the app or, when it has the recovery code's
 * shape, one of the recovery codes (used up). Answers which one was accepted, or null.
 */
export async function checkSecondFactor(
  db: Db,
  serverSecret: string,
  userId: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> {
  if (isTotpCode(code)) return (await checkTotp(db, serverSecret, userId, code, now, false)) ? 'totp' : null;
  return (await useRecoveryCode(db, serverSecret, userId, code)) ? 'recovery' : null;
}

/** Whether a risk manager requires a second factor of its Administrador and TI users. */
export async function twoFactorPolicyOf(db: Db, riskManager: string): Promise<boolean> {
  const [row] = await db.select({ required: riskManagers.requireTwoFactor }).from(riskManagers).where(eq(riskManagers.id, riskManager));
  return row?.required ?? false;
}

/** A risk manager's requirement of a second factor for its Administrador and TI users, audited in the same transaction. */
export async function setTwoFactorPolicy(db: Db, source: AuditSource, riskManager: string, required: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ requireForAdminAndTi: riskManagers.requireTwoFactor }).from(riskManagers).where(eq(riskManagers.id, riskManager));
    await tx.update(riskManagers).set({ requireTwoFactor: required }).where(eq(riskManagers.id, riskManager));
    await recordAudit(tx, source, { entity: 'twoFactor', action: 'update', record: riskManager, tenant: riskManager, before, after: { requireForAdminAndTi: required } });
  });
}
