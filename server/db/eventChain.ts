import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { canonicalEvent, type ChainedEvent } from '../../src/domain/reports/chain';
import type { Db } from './client';
import { missionEvents } from './schema';

/**
 * The mission event hash chain on the server (src/domain/reports/chain.ts holds the canonical form):
 * hashing, the per-mission lock its writers take, sealing events written before the chain, and
 * reading a chain back for verification.
 */

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** First key of the two-key advisory lock (a namespace: 'mc', mission chain), the second is the mission. */
const CHAIN_LOCK_NAMESPACE = 0x6d63;

/**
 * Serialises the chain writers of one mission until the transaction ends. The missions routes hold
 * the mission row FOR UPDATE already (lockMission), and a new mission is invisible to others until
 * it commits, so today this lock is never contended; it is taken anyway so that no future writer
 * that forgets the row lock can fork the chain (two events naming the same previous hash). A writer
 * that also changes the mission must lock the row first (lockMission) to keep one lock order.
 */
export async function lockChain(tx: Db, mission: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_NAMESPACE}::int, hashtext(${mission}))`);
}

/** A mission's events oldest first, with their chain columns. */
export async function missionChain(db: Db, mission: string): Promise<ChainedEvent[]> {
  return db.select().from(missionEvents).where(eq(missionEvents.mission, mission)).orderBy(asc(missionEvents.seq));
}

/**
 * Hashes the mission's events that have none yet (written before the chain existed), in order, and
 * answers the head hash. Needs lockChain held. The append-only trigger lets exactly this update
 * through (migration 0015): a missing hash filled in, nothing else changed.
 */
export async function sealMission(tx: Db, mission: string): Promise<string | null> {
  let prev: string | null = null;
  for (const event of await missionChain(tx, mission)) {
    if (event.hash !== null) {
      prev = event.hash;
      continue;
    }
    const hash = sha256Hex(canonicalEvent(event, prev));
    await tx
      .update(missionEvents)
      .set({ prevHash: prev, hash })
      .where(and(eq(missionEvents.id, event.id), isNull(missionEvents.hash)));
    prev = hash;
  }
  return prev;
}

/** The hash the mission's next event chains to (sealing older events first if needed); lockChain held. */
export async function chainHead(tx: Db, mission: string): Promise<string | null> {
  const [last] = await tx
    .select({ hash: missionEvents.hash })
    .from(missionEvents)
    .where(eq(missionEvents.mission, mission))
    .orderBy(sql`${missionEvents.seq} desc`)
    .limit(1);
  if (!last) return null;
  const [unsealed] = await tx
    .select({ id: missionEvents.id })
    .from(missionEvents)
    .where(and(eq(missionEvents.mission, mission), isNull(missionEvents.hash)))
    .limit(1);
  return unsealed ? sealMission(tx, mission) : last.hash;
}

/** Seals every mission with events written before the chain (run once after migrating). */
export async function sealEventChains(db: Db): Promise<number> {
  const pending = await db.selectDistinct({ mission: missionEvents.mission }).from(missionEvents).where(isNull(missionEvents.hash));
  for (const { mission } of pending) {
    await db.transaction(async (tx) => {
      await lockChain(tx, mission);
      await sealMission(tx, mission);
    });
  }
  return pending.length;
}
