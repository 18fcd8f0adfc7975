import { inArray } from 'drizzle-orm';
import { canReadMission } from '../../src/domain/missionDetails/collections';
import { canSeeTeamPositions } from '../../src/domain/positions';
import { missionActor } from '../../src/domain/missions/stateMachine';
import type { Db } from '../db/client';
import { missions } from '../db/schema';
import type { AuthUser } from '../shared/session';

/** A mission whose chat changed, with what its readers are decided by. */
export interface ChatRow {
  mission: string;
  riskManager: string;
  serviceProvider: string | null;
}

/** The missions of announced chat changes (one query for a batch); a deleted mission is skipped. */
export async function chatMissions(db: Db, ids: string[]): Promise<ChatRow[]> {
  return db
    .select({ mission: missions.id, riskManager: missions.riskManager, serviceProvider: missions.serviceProvider })
    .from(missions)
    .where(inArray(missions.id, ids));
}

/** Who hears of a chat change: whoever may read that chat (readableMission's rule). */
export const mayHearChat = (user: AuthUser, row: ChatRow): boolean => canReadMission(missionActor(user, row));

/** Who hears of a team's new position: whoever may see the mission's teams (docs/rules/positions.md). */
export const mayHearPositions = (user: AuthUser, row: ChatRow): boolean => canSeeTeamPositions(missionActor(user, row));
