import { eq, sql } from 'drizzle-orm';
import { canSeeTeamPositions, TEAM_TRAIL_MAX } from '../../src/domain/positions';
import type { MissionTeams, TeamPosition } from '../../src/domain/positions/contracts';
import type { Db } from '../db/client';
import { missions } from '../db/schema';
import { forbidden } from '../errors/httpErrors';
import { readableMission } from '../missions/missionAccess';
import type { AuthUser } from '../shared/session';
import { liveEta, type EtaMission } from './eta';
import { LIVE_ETA_IS_CURRENT } from '../missions/slaColumns';
import { DETECTED_ARRIVAL_AT } from './liveEstimate';

/**
 * A started mission's teams on its map (docs/rules/positions.md, "Equipes no mapa"): the devices of
 * the provider holding it, each with its fixes since the mission was accepted — a position belongs
 * to the provider's devices, and the mission's window says which of them are the mission's. Read by
 * the mission's risk manager's users and its holder only: an outsider (another tenant, a competing
 * provider) gets the 404 of a mission that does not exist, a platform admin a 403.
 */

const E7 = 1e7;

/** What the map needs of the mission: who holds it, since when, whether the team is there, the kept estimate. */
export interface TeamsMission extends EtaMission {
  id: string;
  holder: string | null;
  acceptedAt: Date | null;
}

export async function teamsMission(db: Db, id: string): Promise<TeamsMission | null> {
  const [row] = await db
    .select({
      id: missions.id,
      status: missions.status,
      holder: missions.serviceProvider,
      acceptedAt: missions.slaAcceptedAt,
      // On place by the agent's reading or, before it, by the team's positions.
      arrivedAt: sql<Date | null>`coalesce(${missions.slaArrivedAt}, ${DETECTED_ARRIVAL_AT})`.mapWith(missions.slaArrivedAt),
      liveArrivalAt: sql<Date | null>`case when ${LIVE_ETA_IS_CURRENT} then ${missions.liveEtaArrivalAt} end`.mapWith(missions.liveEtaArrivalAt),
      liveFixAt: missions.liveEtaFixAt,
      liveSource: missions.liveEtaSource,
    })
    .from(missions)
    .where(eq(missions.id, id))
    .limit(1);
  return row ?? null;
}

interface FixRow {
  id: string;
  name: string;
  agent: string | null;
  fixed_at: Date | string;
  lat_e7: number;
  lon_e7: number;
  speed_kmh: number | null;
  bearing: number | null;
}

/**
 * The holder's devices with fixes since the mission was accepted, each with its last TEAM_TRAIL_MAX
 * fixes (one index range per device, newest first, then put back in order). Nothing before the
 * acceptance: the same phones may have been another mission's the day before.
 */
export async function teamPositions(db: Db, mission: TeamsMission): Promise<TeamPosition[]> {
  if (mission.status !== 'started' || !mission.holder || !mission.acceptedAt) return [];
  const result = await db.execute(sql`
    select d.id, d.name, d.agent, p.fixed_at, p.lat_e7, p.lon_e7, p.speed_kmh, p.bearing
    from tracker_devices d
    cross join lateral (
      select fixed_at, lat_e7, lon_e7, speed_kmh, bearing from positions
      where device_key = d.key and fixed_at >= ${mission.acceptedAt.toISOString()}::timestamptz
      order by fixed_at desc limit ${TEAM_TRAIL_MAX}) p
    where d.service_provider_id = ${mission.holder}
    order by d.created_at, d.id, p.fixed_at`);
  const teams = new Map<string, TeamPosition>();
  for (const row of (result as { rows: FixRow[] }).rows) {
    const latitude = row.lat_e7 / E7;
    const longitude = row.lon_e7 / E7;
    let team = teams.get(row.id);
    if (!team) {
      team = { _id: row.id, name: row.name, agent: row.agent, latest: { latitude, longitude, fixedAt: '', speedKmh: null, bearing: null }, trail: [] };
      teams.set(row.id, team);
    }
    team.trail.push([latitude, longitude]);
    team.latest = { latitude, longitude, fixedAt: new Date(row.fixed_at).toISOString(), speedKmh: row.speed_kmh, bearing: row.bearing };
  }
  return [...teams.values()];
}

/**
 * The freshest fix of the holder's devices since the acceptance, and nothing else: one index range
 * per device of one row each (the shipper's page shows where the team is, never its trail).
 */
export async function freshestFix(db: Db, mission: TeamsMission): Promise<TeamPosition['latest'] | null> {
  if (mission.status !== 'started' || !mission.holder || !mission.acceptedAt) return null;
  const result = await db.execute(sql`
    select p.fixed_at, p.lat_e7, p.lon_e7, p.speed_kmh, p.bearing
    from tracker_devices d
    cross join lateral (
      select fixed_at, lat_e7, lon_e7, speed_kmh, bearing from positions
      where device_key = d.key and fixed_at >= ${mission.acceptedAt.toISOString()}::timestamptz
      order by fixed_at desc limit 1) p
    where d.service_provider_id = ${mission.holder}
    order by p.fixed_at desc limit 1`);
  const [row] = (result as { rows: Omit<FixRow, 'id' | 'name' | 'agent'>[] }).rows;
  if (!row) return null;
  return { latitude: row.lat_e7 / E7, longitude: row.lon_e7 / E7, fixedAt: new Date(row.fixed_at).toISOString(), speedKmh: row.speed_kmh, bearing: row.bearing };
}

/** GET /api/positions/missions/:id: the map's teams and the live estimate kept on the mission. */
export async function missionTeams(db: Db, user: AuthUser, id: unknown, now: Date): Promise<MissionTeams> {
  const access = await readableMission(db, user, id);
  if (!canSeeTeamPositions(access.actor)) throw forbidden();
  const mission = await teamsMission(db, access.id);
  if (!mission) return { teams: [], eta: null };
  return { teams: await teamPositions(db, mission), eta: liveEta(mission, now) };
}
