import { eq } from 'drizzle-orm';
import { canReadMission } from '../../src/domain/missionDetails/collections';
import { canWriteSubCollection, isEditableStatus, MISSION_NOT_EDITABLE, type SubCollection } from '../../src/domain/missionDetails';
import { MISSION_NOT_FOUND } from '../../src/domain/missions/messages';
import { statusSeenBy } from '../../src/domain/missions/competition';
import { missionActor, type MissionActor } from '../../src/domain/missions/stateMachine';
import type { StoredMissionStatus } from '../../src/domain/missions/statuses';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { missions, serviceProviders } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';

/** What the details and chat routes need of a mission, with the caller's relation to it (status as the caller sees it). */
export interface MissionAccess {
  id: string;
  riskManager: string;
  status: StoredMissionStatus;
  serviceProvider: string | null;
  serviceProviderName: string | null;
  actor: MissionActor;
}

/**
 * The mission as `user` may read it (its risk manager's users, the provider holding it, platform
 * admins); 404 for anyone else, exactly as for a mission that does not exist, so an outsider
 * learns nothing about other tenants' ids.
 */
export async function readableMission(db: Db, user: AuthUser, id: unknown): Promise<MissionAccess> {
  if (!isId(id)) throw notFound(MISSION_NOT_FOUND);
  const [row] = await db
    .select({
      id: missions.id,
      riskManager: missions.riskManager,
      status: missions.status,
      serviceProvider: missions.serviceProvider,
      serviceProviderName: serviceProviders.name,
    })
    .from(missions)
    .leftJoin(serviceProviders, eq(serviceProviders.id, missions.serviceProvider))
    .where(eq(missions.id, id))
    .limit(1);
  if (!row) throw notFound(MISSION_NOT_FOUND);
  const actor = missionActor(user, row);
  if (!canReadMission(actor)) throw notFound(MISSION_NOT_FOUND);
  // A provider reads a mission here only as its holder, and sees its status as one (competition.ts):
  // every rule applied to it (editable while started, billing per side) reads the same either way.
  return { ...row, status: statusSeenBy(user, row.status), actor };
}

/** The mission, when `user` may write `collection` now: 404 outsiders, 403 the other party, 409 not started. */
export async function writableMission(db: Db, user: AuthUser, id: string, collection: SubCollection): Promise<MissionAccess> {
  const mission = await readableMission(db, user, id);
  if (canWriteSubCollection(collection, mission.actor, mission.status)) return mission;
  if (!isEditableStatus(mission.status)) throw conflict(MISSION_NOT_EDITABLE);
  throw forbidden();
}
