import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  actionForStatusChange,
  decideTransition,
  missionActor,
  MISSION_STATUS_NOT_UPDATED,
  finishNeedsReadings,
  type MissionAction,
  type MissionDetail,
  type MissionEventAction,
  type StatusChangeTarget,
} from '../../src/domain/missions';
import type { Db } from '../db/client';
import { missions, proposals } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors/httpErrors';
import { syncSides } from '../pricing/sides';
import { agentsOf } from '../pricing/snapshot';
import { isOdometerComplete } from '../../src/domain/schemas/missionDetails';
import { recordEvent } from './events';
import { lockMission, providerName, type MissionRecord } from './lock';
import { loadMission } from './rows';
import type { Viewer } from './viewer';

/**
 * Status changes (PUT request/{id}/status) and finish requests (POST/DELETE {id}/askfinish),
 * decided by the one workflow of src/domain/missions/stateMachine.ts on the locked row. A refusal
 * (403 not this caller's action, 409 not from this state) writes nothing.
 */

const EVENT_OF: Record<MissionAction, MissionEventAction> = {
  accept: 'accepted',
  finish: 'finished',
  cancel: 'canceled',
  reopen: 'reopened',
  askFinish: 'finish_asked',
  cancelFinish: 'finish_request_canceled',
};

export type ActionRequest =
  | { kind: 'status'; target: StatusChangeTarget; serviceProvider: string | null }
  | { kind: 'finishRequest'; action: 'askFinish' | 'cancelFinish' };

/**
 * Finishing, or asking to finish, needs every agent's four readings: they are saved one at a time
 * while the mission runs (docs/rules/field-app.md), and billing prices the finished odometers.
 */
async function requireReadings(tx: Db, mission: string): Promise<void> {
  const missing = (await agentsOf(tx, mission)).find((agent) => !isOdometerComplete(agent.odometer));
  if (missing) throw conflict(finishNeedsReadings(missing.name));
}

/** Accepting: the named provider's completed proposal is approved, every other live one rejected. */
async function accept(tx: Db, mission: MissionRecord, provider: string | null): Promise<void> {
  if (!provider) throw conflict(MISSION_STATUS_NOT_UPDATED);
  const [proposal] = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.mission, mission.id), eq(proposals.serviceProvider, provider), eq(proposals.status, 'completed')));
  if (!proposal) throw conflict(MISSION_STATUS_NOT_UPDATED);
  await tx.update(proposals).set({ status: 'approved' }).where(eq(proposals.id, proposal.id));
  await tx
    .update(proposals)
    .set({ status: 'rejected' })
    .where(and(eq(proposals.mission, mission.id), ne(proposals.id, proposal.id), inArray(proposals.status, ['pending', 'completed'])));
}

export async function applyAction(db: Db, viewer: Viewer, id: string, request: ActionRequest, now: Date): Promise<MissionDetail> {
  await db.transaction(async (tx) => {
    const mission = await lockMission(tx, viewer, id);
    const actor = missionActor(viewer.user, mission);
    const action = request.kind === 'status' ? actionForStatusChange(mission.status, request.target) : request.action;
    const decision = decideTransition(mission, action, actor);
    if (!decision.ok) throw decision.reason === 'forbidden' ? forbidden(MISSION_STATUS_NOT_UPDATED) : conflict(MISSION_STATUS_NOT_UPDATED);
    if (action === 'finish' || action === 'askFinish') await requireReadings(tx, id);
    let holder = mission.serviceProvider;
    if (action === 'accept') {
      holder = request.kind === 'status' ? request.serviceProvider : null;
      await accept(tx, mission, holder);
    }
    // The status condition repeats the lock's: nothing is written if the row moved meanwhile.
    const updated = await tx
      .update(missions)
      .set({ status: decision.status, finishingAsked: decision.finishingAsked, serviceProvider: holder, updatedAt: now })
      .where(and(eq(missions.id, id), eq(missions.status, mission.status)))
      .returning({ id: missions.id });
    if (updated.length === 0) throw conflict(MISSION_STATUS_NOT_UPDATED);
    // A finished mission has its two billing sides from this very commit, priced over the final
    // odometers (again after a reopen: the agents may have changed meanwhile).
    if (decision.status === 'finished') await syncSides(tx, { ...mission, status: decision.status, serviceProvider: holder }, now, { reprice: true });
    await recordEvent(
      tx,
      viewer.user,
      {
        mission: id,
        action: EVENT_OF[action],
        from: mission.status,
        to: decision.status,
        provider: holder ? await providerName(tx, holder) : null,
      },
      now,
    );
  });
  const detail = await loadMission(db, viewer, id);
  if (!detail) throw notFound();
  return detail;
}
