import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { LIVE_TICKET_TTL_MS } from '../../src/domain/live';
import type { LiveTicket } from '../../src/domain/live/contracts';
import { isPerfil, isRoleType } from '../../src/domain/roles';
import type { Db } from '../db/client';
import { liveTickets, userColumns, users } from '../db/schema';
import type { AuthUser } from '../shared/session';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A fresh ticket for `user`; expired ones of anybody are swept on the way (indexed). */
export async function issueTicket(db: Db, user: AuthUser, now: Date): Promise<LiveTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LIVE_TICKET_TTL_MS);
  await db.delete(liveTickets).where(lt(liveTickets.expiresAt, now));
  await db.insert(liveTickets).values({ hash: hashOf(ticket), user: user.id, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * The user a ticket was issued to, as that user is now (still active), or null. The DELETE makes
 * it single-use across instances: of two requests presenting it, one deletes the row.
 */
export async function redeemTicket(db: Db, ticket: string, now: Date): Promise<AuthUser | null> {
  const [taken] = await db
    .delete(liveTickets)
    .where(and(eq(liveTickets.hash, hashOf(ticket)), gt(liveTickets.expiresAt, now)))
    .returning({ user: liveTickets.user });
  if (!taken) return null;
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, taken.user)).limit(1);
  if (!row || !row.active || !isRoleType(row.roleType) || !isPerfil(row.perfil)) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: { type: row.roleType, perfil: row.perfil },
    riskManager: row.riskManager,
    serviceProvider: row.serviceProvider,
  };
}
