import { providerLiveNotice, type MissionEventAction, type StoredMissionStatus } from '../../src/domain/missions';
import type { LiveMissionEvent } from '../../src/domain/live';
import type { AuthUser } from '../shared/session';

/** A committed mission event with what tenancy needs to know about its mission. */
export interface EventRow {
  id: string;
  mission: string;
  action: MissionEventAction;
  fromStatus: StoredMissionStatus | null;
  toStatus: StoredMissionStatus | null;
  /** The provider the event is about (its proposal, the accepted one). */
  eventProvider: string | null;
  createdAt: Date;
  riskManager: string;
  processNumber: string | null;
  status: StoredMissionStatus;
  holder: string | null;
  /** Providers with a live (not canceled) proposal on the mission. */
  proposers: string[];
}

/**
 * What `user` hears of an event, or null: the mission's risk manager's users and platform admins
 * hear it as it is; a provider of that risk manager hears what the competition rule lets it know
 * (providerLiveNotice of src/domain/missions/competition.ts, the rule of its list and timeline).
 */
export function liveEventFor(user: AuthUser, row: EventRow): LiveMissionEvent | null {
  const base = { id: row.id, mission: row.mission, processNumber: row.processNumber, createdAt: row.createdAt.toISOString() };
  if (user.role.type === 'service_provider') {
    const provider = user.serviceProvider;
    if (!user.riskManager || !provider || user.riskManager !== row.riskManager) return null;
    const notice = providerLiveNotice(
      { action: row.action, serviceProvider: row.eventProvider, fromStatus: row.fromStatus, toStatus: row.toStatus },
      { status: row.status, serviceProvider: row.holder, bid: row.proposers.includes(provider) },
      provider,
    );
    return notice && { ...base, ...notice };
  }
  const hears = user.riskManager ? user.riskManager === row.riskManager : user.role.type === 'admin';
  return hears ? { ...base, action: row.action, status: row.status } : null;
}
