import type { StoredMissionStatus } from '../../src/domain/missions';
import type { AuthUser } from '../plugins/auth';

/** A committed mission event with what tenancy needs to know about its mission. */
export interface EventRow {
  id: string;
  mission: string;
  action: string;
  fromStatus: StoredMissionStatus | null;
  /** The provider the event is about (its proposal, the accepted one). */
  eventProvider: string | null;
  createdAt: Date;
  riskManager: string;
  status: StoredMissionStatus;
  holder: string | null;
  /** Providers with a live (not canceled) proposal on the mission. */
  proposers: string[];
}

/**
 * Who hears of an event: the rule of the monitoring page (server/routes/missions/viewer.ts,
 * missionActor of src/domain/missions/stateMachine.ts), applied to the committed row. A provider
 * also hears of a mission it saw open a moment ago (so its list drops a mission another provider
 * took) and of the events about its own proposal.
 */
export function mayHear(user: AuthUser, row: EventRow): boolean {
  if (user.role.type === 'service_provider') {
    const provider = user.serviceProvider;
    if (!user.riskManager || !provider || user.riskManager !== row.riskManager) return false;
    return (
      row.status === 'open' ||
      row.fromStatus === 'open' ||
      row.holder === provider ||
      row.eventProvider === provider ||
      row.proposers.includes(provider)
    );
  }
  if (user.riskManager) return user.riskManager === row.riskManager;
  return user.role.type === 'admin';
}
