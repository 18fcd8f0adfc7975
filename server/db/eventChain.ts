import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { joinPersonal } from '../../src/domain/privacy/eventPersonal';
import { canonicalEvent, type ChainedEvent } from '../../src/domain/reports/chain';
import type { Db } from './client';
import { missionEventPersonal, missionEvents } from './schema';

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

/** A fresh key for one event's personal values (docs/rules/privacy.md). */
export const newPersonalKey = (): string => randomBytes(32).toString('hex');

/** What the v2 chain commits to: the HMAC-SHA256 of the values (as JSON) under the event's key. */
export const personalDigest = (key: string, values: readonly string[]): string =>
  createHmac('sha256', Buffer.from(key, 'hex')).update(JSON.stringify(values), 'utf8').digest('hex');

const sameDigest = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type PersonalRows = Map<string, typeof missionEventPersonal.$inferSelect>;

/** The personal values of a mission's v2 events, by event. */
export async function personalOf(db: Db, mission: string): Promise<PersonalRows> {
  const rows = await db.select().from(missionEventPersonal).where(eq(missionEventPersonal.mission, mission));
  return new Map(rows.map((row) => [row.event, row]));
}

/**
 * The stored events with `personalIntact` set (the verification's input): values whose key is kept
 * must still match the digest the chain holds; values whose key an anonymisation erased cannot be
 * checked, and the chain stays valid without them.
 */
export function checkedPersonal<E extends ChainedEvent>(events: E[], personal: PersonalRows): E[] {
  return events.map((event) => {
    if (event.chainVersion !== 2 || event.personalDigest === null) return event;
    const row = personal.get(event.id);
    const intact = row !== undefined && (row.key === null || sameDigest(personalDigest(row.key, row.values), event.personalDigest));
    return { ...event, personalIntact: intact };
  });
}

/** The events as people read them: each v2 event's placeholders replaced by its values (the marker once anonymised). */
export const readablePersonal = <E extends { id: string; actorName: string; details: unknown }>(events: E[], personal: PersonalRows): E[] =>
  events.map((event) => {
    const row = personal.get(event.id);
    return row ? joinPersonal(event, row.values) : event;
  });

/**
 * A mission's events oldest first, with their chain columns, as stored: v2 events carry
 * placeholders, which is what their hash covers (the verification reads these; withPersonal adds
 * the people back for reading).
 */
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
