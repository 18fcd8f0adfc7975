import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { useCode, type CodeKind } from './oneTimeCodes';
import { recordAudit } from '../audit/record';

/**
 * Password-reset codes (docs/rules/sign-in.md): 15 minutes, single use, 5 tries. A new request always replaces
 * the live code (the forget route's own limits stop floods).
 */
export const RESET_CODES: CodeKind = {
  table: passwordResets,
  purpose: 'reset',
  ttlMs: 15 * 60 * 1000,
  maxAttempts: 5,
  minIntervalMs: 0,
};

/**
 * Uses the code (deletes its row) and sets the new password in one transaction; bumping the token
 * version makes every token issued before the reset stop working. False when a concurrent reset
 * already used the code.
 */
export async function consumeResetCode(db: Db, ip: string, resetId: string, userId: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await useCode(tx, RESET_CODES, resetId))) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id, name: users.name, email: users.email, riskManager: users.riskManager });
    // A security event of the audit trail: who reset, when and from where; the password never.
    if (user) {
      const actor = { id: user.id, name: user.name, email: user.email };
      await recordAudit(tx, { actor, ip }, { entity: 'session', action: 'passwordReset', record: user.id, tenant: user.riskManager });
    }
    return true;
  });
}
