import { liveArrivesInMinutes, type EtaSource } from '../../src/domain/positions/eta';
import type { LiveEta } from '../../src/domain/positions/contracts';

/**
 * The live arrival estimate as the map and the shipper's page show it (docs/rules/positions.md,
 * "Previsão de chegada"): read from what the mission keeps (written when a fix is stored,
 * liveEstimate.ts), the minutes counted from `now`. None while the team is not on its way (the
 * mission not started, or arrived on place), before any estimate, or once its moment has passed.
 */

/** What the estimate needs of the mission (teams.ts reads it with the teams). */
export interface EtaMission {
  status: string;
  arrivedAt: Date | null;
  liveArrivalAt: Date | null;
  liveFixAt: Date | null;
  liveSource: EtaSource | null;
}

export function liveEta(mission: EtaMission, now: Date): LiveEta {
  const { liveArrivalAt, liveFixAt, liveSource } = mission;
  if (mission.status !== 'started' || mission.arrivedAt || !liveArrivalAt || !liveFixAt || !liveSource) return null;
  const minutes = liveArrivesInMinutes(liveArrivalAt.getTime(), now.getTime());
  return minutes === null ? null : { minutes, source: liveSource, fromFixAt: liveFixAt.toISOString() };
}
