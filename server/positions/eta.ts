import { eq } from 'drizzle-orm';
import { etaMinutes, etaParameters, straightLineSeconds, type Point } from '../../src/domain/positions/eta';
import type { LiveEta, TeamPosition } from '../../src/domain/positions/contracts';
import type { Db } from '../db/client';
import { missionConfigs } from '../db/schema';
import type { RouteSeconds } from './osrm';

/**
 * The live arrival estimate (docs/rules/positions.md, "Previsão de chegada"), recomputed on every
 * read from the team's latest fix: the OSRM route's duration when OSRM_URL is set and answers, else
 * the straight line with the tenant's road factor and average speed ('Parâmetros da missão').
 * None while the team is not on its way: the mission not started, arrived on place, no fix yet or
 * no coordinates for the place.
 */

export interface EtaDeps {
  db: Db;
  /** The OSRM route's duration; absent when OSRM_URL is not set. */
  route?: RouteSeconds;
}

/** What the estimate needs of the mission (teams.ts reads it with the teams). */
export interface EtaMission {
  riskManager: string;
  status: string;
  arrivedAt: Date | null;
  latitude: number | null;
  longitude: number | null;
}

async function tenantParameters(db: Db, riskManager: string) {
  const [row] = await db
    .select({ roadFactor: missionConfigs.etaRoadFactor, averageSpeedKmh: missionConfigs.etaAverageSpeedKmh })
    .from(missionConfigs)
    .where(eq(missionConfigs.riskManager, riskManager))
    .limit(1);
  return etaParameters(row ?? null);
}

export async function liveEta({ db, route }: EtaDeps, mission: EtaMission, team: TeamPosition | null): Promise<LiveEta> {
  if (mission.status !== 'started' || mission.arrivedAt || !team || mission.latitude === null || mission.longitude === null) return null;
  const from: Point = { latitude: team.latest.latitude, longitude: team.latest.longitude };
  const to: Point = { latitude: mission.latitude, longitude: mission.longitude };
  const routed = route ? await route(from, to) : null;
  const fromFixAt = team.latest.fixedAt;
  if (routed !== null) return { minutes: etaMinutes(routed), source: 'route', fromFixAt };
  return { minutes: etaMinutes(straightLineSeconds(from, to, await tenantParameters(db, mission.riskManager))), source: 'straight_line', fromFixAt };
}
