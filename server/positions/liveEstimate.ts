import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { etaParameters, straightLineSeconds, type EtaSource, type Point } from '../../src/domain/positions/eta';
import { isOver, reserve, type Limit } from '../auth/authLimits';
import type { Db } from '../db/client';
import { missions } from '../db/schema';
import type { RouteSeconds } from './osrm';

/**
 * The live arrival estimate (docs/rules/positions.md, "Previsão de chegada"), computed when a fix
 * is stored — once per fix, not once per screen that reads it — and kept on the mission: the moment
 * the team is projected on place (the fix's time plus the drive), the fix it came from and how it
 * was computed. The map, the shipper's page and the monitoring table's arrival clock
 * (docs/rules/sla.md) read those columns and count the minutes left from them.
 *
 * The drive: the OSRM route's duration when OSRM_URL is set and answers, else the straight line with
 * the tenant's road factor and average speed ('Parâmetros da missão'). A router is asked at most once
 * per mission in ROUTE_THROTTLE_MS, counted in the shared counters of the limits so that every
 * instance sees the same count: a team's phones each sending every few seconds never turn into a
 * stream of route requests. Within that window the estimate already kept stands (it is a moment,
 * so it stays true while the team drives as planned).
 */

export const ROUTE_THROTTLE_MS = 30_000;
export const ROUTE_LIMIT = (mission: string): Limit => ({ key: `positions:route:${mission}`, max: 1, windowMs: ROUTE_THROTTLE_MS });

/**
 * The kept estimate is rewritten only when it moves by at least this much (or changes source): every
 * write of the mission row makes its tenant's monitoring screens read their page again
 * (server/missions/tenantCache.ts), and the screens count whole minutes anyway.
 */
export const ESTIMATE_STEP_MS = 60_000;

export interface EstimateDeps {
  db: Db;
  /** The OSRM route's duration; absent when OSRM_URL is not set. */
  route?: RouteSeconds;
}

export interface StoredFix extends Point {
  fixedAt: Date;
}

/**
 * When the team was detected on place (the fix of 'Equipe chegou ao local', docs/rules/positions.md),
 * or null: from then on the team is no longer on its way, even before an agent types the arrival's
 * km. One indexed lookup (the unique presence index on mission and action). The mission's table is
 * named in full: inside sql`` drizzle would write the bare column, which mission_events has too.
 */
export const DETECTED_ARRIVAL_AT = sql`(select (e.details ->> 'fixedAt')::timestamptz from mission_events e
  where e.mission_id = "missions"."id" and e.action = 'team_arrived')`;

/** What the estimate needs of a started mission on its way to a place with coordinates (read by the intake, server/positions/intakeBatch.ts). */
export interface EstimateMission {
  id: string;
  latitude: number;
  longitude: number;
  /** The kept estimate of the current acceptance, if any. */
  arrivalAt: Date | null;
  fixAt: Date | null;
  source: EtaSource | null;
  roadFactor: number | null;
  averageSpeedKmh: number | null;
}

/** The drive from the fix to the place, or null when the router was asked for this mission too recently. */
async function drive({ db, route }: EstimateDeps, mission: EstimateMission, from: Point, now: Date): Promise<{ seconds: number; source: EtaSource } | null> {
  const to: Point = { latitude: mission.latitude, longitude: mission.longitude };
  if (route) {
    const [hit] = await reserve(db, [ROUTE_LIMIT(mission.id)], now);
    if (isOver(hit)) return null;
    const seconds = await route(from, to);
    if (seconds !== null) return { seconds, source: 'route' };
  }
  return { seconds: straightLineSeconds(from, to, etaParameters(mission)), source: 'straight_line' };
}

/** A renewed estimate of one mission, to be kept with the fix it came from. */
export interface LiveEstimate {
  mission: string;
  arrivalAt: Date;
  fixAt: Date;
  source: EtaSource;
}

/**
 * The estimates `fix` renews among `onTheWay` (the started missions of the fix's provider still on
 * their way, accepted by the fix's time), computed before the fix is stored: the intake keeps them in
 * the fix's transaction, so the screens the fix's announcement wakes read the estimate it brought.
 * A renewed mission takes the new estimate in memory, so the next fix of the same group compares
 * against it as if it had been read back.
 */
export async function renewedEstimates(deps: EstimateDeps, onTheWay: readonly EstimateMission[], fix: StoredFix, now: Date): Promise<LiveEstimate[]> {
  const renewed: LiveEstimate[] = [];
  for (const mission of onTheWay) {
    // A fix older than the estimate's (a phone sending its queue after a tunnel) does not replace it.
    if (mission.fixAt && mission.fixAt >= fix.fixedAt) continue;
    const estimate = await drive(deps, mission, fix, now);
    if (!estimate) continue;
    const arrivalAt = new Date(fix.fixedAt.getTime() + estimate.seconds * 1000);
    const moved = !mission.arrivalAt || mission.source !== estimate.source || Math.abs(arrivalAt.getTime() - mission.arrivalAt.getTime()) >= ESTIMATE_STEP_MS;
    if (!moved) continue;
    renewed.push({ mission: mission.id, arrivalAt, fixAt: fix.fixedAt, source: estimate.source });
    Object.assign(mission, { arrivalAt, fixAt: fix.fixedAt, source: estimate.source });
  }
  return renewed;
}

/** Keeps the renewed estimates on their missions, unless the team arrived or a newer fix's is there already. */
export async function keepEstimates(db: Db, estimates: readonly LiveEstimate[]): Promise<void> {
  for (const estimate of estimates) {
    await db
      .update(missions)
      .set({ liveEtaArrivalAt: estimate.arrivalAt, liveEtaFixAt: estimate.fixAt, liveEtaSource: estimate.source })
      .where(
        and(
          eq(missions.id, estimate.mission),
          eq(missions.status, 'started'),
          isNull(missions.slaArrivedAt),
          // Another instance may have kept a newer fix's estimate meanwhile.
          or(isNull(missions.liveEtaFixAt), lt(missions.liveEtaFixAt, estimate.fixAt)),
        ),
      );
  }
}
