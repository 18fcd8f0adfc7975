import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { trackingExpiresAt } from '../../src/domain/tracking';
import type { TrackingLinkInfo } from '../../src/domain/tracking/contracts';
import type { StoredMissionStatus } from '../../src/domain/missions/statuses';
import type { Db } from '../db/client';
import { missionEvents, missions, trackingLinks, users } from '../db/schema';

/** Only the token's SHA-256 is stored: a copy of the database opens no tracking page. */
export const trackingHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link with what its expiry depends on. */
export interface LinkRow {
  id: string;
  mission: string;
  riskManager: string;
  views: number;
  lastViewedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  createdByName: string | null;
  missionStatus: StoredMissionStatus;
  missionUpdatedAt: Date;
}

const linkColumns = {
  id: trackingLinks.id,
  mission: trackingLinks.mission,
  riskManager: trackingLinks.riskManager,
  views: trackingLinks.views,
  lastViewedAt: trackingLinks.lastViewedAt,
  revokedAt: trackingLinks.revokedAt,
  createdAt: trackingLinks.createdAt,
  createdByName: users.name,
  missionStatus: missions.status,
  missionUpdatedAt: missions.updatedAt,
};

const selectLinks = (db: Db) =>
  db.select(linkColumns).from(trackingLinks).innerJoin(missions, eq(missions.id, trackingLinks.mission)).leftJoin(users, eq(users.id, trackingLinks.createdBy));

/**
 * When the mission stopped being open or running (its latest finish or cancel), or null while it
 * runs: the link's clock starts there. A mission written without events (never through the API)
 * falls back to its last update.
 */
export async function missionEndedAt(db: Db, link: Pick<LinkRow, 'mission' | 'missionStatus' | 'missionUpdatedAt'>): Promise<Date | null> {
  if (link.missionStatus === 'open' || link.missionStatus === 'started') return null;
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${missionEvents.createdAt})` })
    .from(missionEvents)
    .where(and(eq(missionEvents.mission, link.mission), sql`${missionEvents.action} in ('finished', 'canceled')`));
  return row?.at ? new Date(row.at) : link.missionUpdatedAt;
}

/** Why a link no longer opens, or null while it does. */
export async function linkRefusal(db: Db, link: LinkRow, now: Date, ttlHours: number): Promise<'revoked' | 'expired' | null> {
  if (link.revokedAt) return 'revoked';
  const expiresAt = trackingExpiresAt(await missionEndedAt(db, link), ttlHours);
  return expiresAt !== null && expiresAt <= now ? 'expired' : null;
}

/** The link as the risk manager's dialog shows it. */
export async function linkInfo(db: Db, link: LinkRow, now: Date, ttlHours: number): Promise<TrackingLinkInfo> {
  const expiresAt = trackingExpiresAt(await missionEndedAt(db, link), ttlHours);
  return {
    _id: link.id,
    createdAt: link.createdAt.toISOString(),
    createdByName: link.createdByName,
    views: link.views,
    lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    expiresAt: expiresAt?.toISOString() ?? null,
    active: !link.revokedAt && (expiresAt === null || expiresAt > now),
  };
}

/** The link a token opens (revoked or expired ones too: the page says which), or null. */
export async function linkByToken(db: Db, token: string): Promise<LinkRow | null> {
  const [row] = await selectLinks(db).where(eq(trackingLinks.hash, trackingHash(token))).limit(1);
  return row ?? null;
}

/** The mission's latest link, or null. */
export async function latestLink(db: Db, mission: string): Promise<LinkRow | null> {
  const [row] = await selectLinks(db).where(eq(trackingLinks.mission, mission)).orderBy(desc(trackingLinks.createdAt), desc(trackingLinks.id)).limit(1);
  return row ?? null;
}

/** Revokes every live link of the mission (one UPDATE; the trigger ends their open pages). */
export async function revokeLinks(db: Db, mission: string, now: Date): Promise<void> {
  await db.update(trackingLinks).set({ revokedAt: now }).where(and(eq(trackingLinks.mission, mission), isNull(trackingLinks.revokedAt)));
}

/**
 * A new link for the mission: the previous one is revoked in the same transaction, so a mission
 * has one working link at most and "Revogar" has one thing to revoke. Returns the token, shown once.
 */
export async function createLink(db: Db, mission: { id: string; riskManager: string }, createdBy: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.update(trackingLinks).set({ revokedAt: now }).where(and(eq(trackingLinks.mission, mission.id), isNull(trackingLinks.revokedAt)));
    await tx.insert(trackingLinks).values({ mission: mission.id, riskManager: mission.riskManager, hash: trackingHash(token), createdBy, createdAt: now });
  });
  return token;
}

/** One more view of the page (a load, not its live refreshes). */
export async function countView(db: Db, link: string, now: Date): Promise<void> {
  await db
    .update(trackingLinks)
    .set({ views: sql`${trackingLinks.views} + 1`, lastViewedAt: now })
    .where(eq(trackingLinks.id, link));
}
