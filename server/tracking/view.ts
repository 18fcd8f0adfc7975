import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { trackingExpiresAt, trackingStatusOf, type TrackingStep } from '../../src/domain/tracking';
import type { TrackingTimelineEntry, TrackingView } from '../../src/domain/tracking/contracts';
import type { MissionEventAction } from '../../src/domain/missions/eventActions';
import type { Db } from '../db/client';
import { missionAgents, missionEvents, missions, places, proposals, riskManagers } from '../db/schema';
import { liveEta } from '../positions/eta';
import { DETECTED_ARRIVAL_AT } from '../positions/liveEstimate';
import { freshestFix, teamsMission } from '../positions/teams';
import { missionEndedAt, type LinkRow } from './links';

/**
 * The mission events a shipper's timeline shows, as its steps. Proposals (who bid, their prices),
 * finish requests and billing stay out: they are between the risk manager and the providers.
 */
export const SHIPPER_STEPS: Partial<Record<MissionEventAction, TrackingStep>> = {
  created: 'requested',
  accepted: 'started',
  finished: 'finished',
  canceled: 'canceled',
  reopened: 'reopened',
};
const SHIPPER_ACTIONS = Object.keys(SHIPPER_STEPS) as MissionEventAction[];

/**
 * The arrival on place: the team detected there by its positions or the first agent's reading,
 * whichever came first (only the time; names, positions and odometers stay out).
 */
async function arrivalAt(db: Db, mission: string): Promise<string | null> {
  const [[reading], [detected]] = await Promise.all([
    db
      .select({ at: sql<string | null>`min((${missionAgents.odometer} -> 'arrivalOnPlace' ->> 'time'))` })
      .from(missionAgents)
      .where(eq(missionAgents.mission, mission)),
    db.select({ at: sql<Date | null>`${DETECTED_ARRIVAL_AT}`.mapWith(missions.slaArrivedAt) }).from(missions).where(eq(missions.id, mission)),
  ]);
  const typed = reading?.at ? new Date(reading.at) : null;
  const times = [typed, detected?.at ?? null].filter((at): at is Date => at !== null && !Number.isNaN(at.getTime()));
  return times.length > 0 ? new Date(Math.min(...times.map((at) => at.getTime()))).toISOString() : null;
}

/**
 * The team approaching (docs/rules/positions.md): where the holder's freshest device is and the
 * live estimate kept on the mission, only while it is on its way (started, not yet arrived).
 */
async function approachOf(db: Db, mission: string, now: Date): Promise<TrackingView['approach']> {
  const row = await teamsMission(db, mission);
  if (!row || row.arrivedAt) return null;
  const latest = await freshestFix(db, row);
  if (!latest) return null;
  return { latitude: latest.latitude, longitude: latest.longitude, fixedAt: latest.fixedAt, arrivesInMinutes: liveEta(row, now)?.minutes ?? null };
}

/**
 * What the tracking page of `link` shows: read column by column, so nothing a shipper may not know
 * (prices, agents, other providers, who created what) is ever loaded, let alone sent.
 */
export async function trackingView(db: Db, link: LinkRow, ttlHours: number, now: Date): Promise<TrackingView> {
  const [mission] = await db
    .select({
      status: missions.status,
      processNumber: missions.processNumber,
      holder: missions.serviceProvider,
      placeName: places.name,
      address: missions.address,
      number: missions.number,
      neighborhood: missions.neighborhood,
      city: missions.city,
      state: missions.state,
      latitude: missions.latitude,
      longitude: missions.longitude,
      sharedBy: riskManagers.name,
      sharedById: riskManagers.id,
    })
    .from(missions)
    .innerJoin(riskManagers, eq(riskManagers.id, missions.riskManager))
    .leftJoin(places, eq(places.id, missions.place))
    .where(eq(missions.id, link.mission))
    .limit(1);
  if (!mission) throw new Error(`tracking link ${link.id} without its mission`);

  // The holder's estimate (its accepted proposal) while it is on its way or on place.
  let eta: TrackingView['eta'] = null;
  if (mission.status === 'started' && mission.holder) {
    const [proposal] = await db
      .select({ time: proposals.etaTime, distance: proposals.etaDistanceKm })
      .from(proposals)
      .where(and(eq(proposals.mission, link.mission), eq(proposals.serviceProvider, mission.holder), eq(proposals.status, 'approved')))
      .limit(1);
    if (proposal?.time) eta = { time: proposal.time, distanceInKm: proposal.distance };
  }

  const events = await db
    .select({ action: missionEvents.action, at: missionEvents.createdAt })
    .from(missionEvents)
    .where(and(eq(missionEvents.mission, link.mission), inArray(missionEvents.action, SHIPPER_ACTIONS)))
    .orderBy(asc(missionEvents.seq));
  const timeline: TrackingTimelineEntry[] = events.flatMap(({ action, at }) => {
    const step = SHIPPER_STEPS[action];
    return step ? [{ step, at: at.toISOString() }] : [];
  });
  const arrived = await arrivalAt(db, link.mission);
  if (arrived) {
    timeline.push({ step: 'arrived', at: arrived });
    timeline.sort((a, b) => a.at.localeCompare(b.at));
  }

  const expiresAt = trackingExpiresAt(await missionEndedAt(db, { ...link, missionStatus: mission.status }), ttlHours);
  return {
    status: trackingStatusOf(mission.status),
    processNumber: mission.processNumber,
    sharedBy: mission.sharedBy,
    theme: mission.sharedById,
    place: {
      name: mission.placeName,
      address: mission.address ?? '',
      number: mission.number ?? '',
      neighborhood: mission.neighborhood ?? '',
      city: mission.city ?? '',
      state: mission.state ?? '',
      latitude: mission.latitude,
      longitude: mission.longitude,
    },
    eta,
    approach: await approachOf(db, link.mission, now),
    timeline,
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}
