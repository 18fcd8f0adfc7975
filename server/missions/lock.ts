import { and, eq } from 'drizzle-orm';
import { MISSION_NOT_FOUND } from '../../src/domain/missions';
import type { Db } from '../db/client';
import { missions, serviceProviders } from '../db/schema';
import { notFound } from '../errors/httpErrors';
import { visibleWhere, type Viewer } from './viewer';

export type MissionRecord = typeof missions.$inferSelect;

/**
 * The mission `id` locked for this transaction (SELECT … FOR UPDATE), or 404 when the viewer may
 * not see it. Every write to a mission or its proposals takes this lock first, so two writers of
 * one mission run one after the other and the second decides on the first one's result (the
 * acceptance race: exactly one wins). Lock order is always mission, then its proposals.
 */
export async function lockMission(tx: Db, viewer: Viewer, id: string): Promise<MissionRecord> {
  const [mission] = await tx
    .select()
    .from(missions)
    .where(and(eq(missions.id, id), visibleWhere(viewer)))
    .for('update', { of: missions });
  if (!mission) throw notFound(MISSION_NOT_FOUND);
  return mission;
}

/**
 * Holds the mission `id` against status changes until this transaction ends (SELECT … FOR SHARE,
 * which the writers' FOR UPDATE waits for): a writer of its side data (the chat) then decides on a
 * status nobody can change before it commits. Several such writers do not wait for each other.
 */
export async function holdMission(tx: Db, id: string): Promise<void> {
  await tx.select({ id: missions.id }).from(missions).where(eq(missions.id, id)).for('share');
}

export async function providerName(tx: Db, id: string): Promise<{ id: string; name: string }> {
  const [row] = await tx.select({ name: serviceProviders.name }).from(serviceProviders).where(eq(serviceProviders.id, id));
  return { id, name: row?.name ?? '' };
}
