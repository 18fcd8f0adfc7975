import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { POSITION_FUTURE_TOLERANCE_MS, POSITION_LIMIT, POSITION_MESSAGES, UNKNOWN_DEVICE_LIMIT, type PositionRefusal } from '../../src/domain/positions';
import { isOver, reserveTimes, secondsLeft, type Hit, type Limit } from '../auth/authLimits';
import type { Db } from '../db/client';
import { missionConfigs, missions, positions, trackerDevices } from '../db/schema';
import { notFound, tooManyRequests } from '../errors/httpErrors';
import type { RuntimeGauges } from '../shared/deps';
import { groupCommit } from '../shared/groupCommit';
import { LIVE_ETA_IS_CURRENT } from '../missions/slaColumns';
import { keepEstimates, renewedEstimates, type EstimateDeps, type EstimateMission, type LiveEstimate } from './liveEstimate';
import { arrivalRadius, detectPresence, latestFixes, presenceRecorded, type Fix, type PresenceMission } from './presence';
import type { ReadRequest, Reading } from './reading';

/**
 * A position received from a device (docs/rules/positions.md). An unknown or revoked identifier is
 * a 404, limited per client address (a scan of identifiers gets 429s); a known device is limited per identifier with the shared counters of
 * the other limits (every instance sees the same count). Then the position is stored only when its
 * values are sound and the device's provider holds a started mission; otherwise it is counted by
 * reason and dropped, and the device still gets its 200: Traccar Client keeps a refused position at
 * the head of its queue and retries it for ever, so an error would hold back every later one. A
 * stored fix may complete the team's arrival at (or leaving of) the mission's place (presence.ts), and
 * renews the live arrival estimate of the missions it is on its way to (liveEstimate.ts). Fixes
 * arriving together are received as one group (positionIntake below), each with these same rules;
 * a Traccar Client batch is one request for the limit, and each of its fixes is judged on its own.
 */

export const DEVICE_LIMIT = (key: number): Limit => ({ key: `positions:device:${key}`, ...POSITION_LIMIT });
export const UNKNOWN_LIMIT = (address: string): Limit => ({ key: `positions:unknown:${address}`, ...UNKNOWN_DEVICE_LIMIT });

const DAY_MS = 24 * 3600 * 1000;
const E7 = 1e7;

/** Why a sound reading is not kept: too far ahead of the server's clock, or older than the retention. */
export function timeRefusal(reading: Reading, now: Date, retentionDays: number): PositionRefusal | null {
  const at = reading.fixedAt.getTime();
  if (at > now.getTime() + POSITION_FUTURE_TOLERANCE_MS) return 'future';
  if (at < now.getTime() - retentionDays * DAY_MS) return 'too_old';
  return null;
}

export interface IntakeDeps extends EstimateDeps {
  gauges: RuntimeGauges;
  retentionDays: number;
}

/** One request to the intake, with the time it arrived. */
export interface Received {
  request: ReadRequest;
  now: Date;
  /** The client's address, for the limit on unknown identifiers. */
  address: string;
}

/** At most this many requests are written together; more wait for the next group. */
export const INTAKE_GROUP_MAX = 200;

/**
 * The intake of one server instance: receives each request through a group commit (server/shared/
 * groupCommit.ts), so that fixes arriving together share each statement and one transaction. The
 * promise settles once the request's group is committed: a 200 still means the fix is stored.
 */
export function positionIntake(deps: IntakeDeps): (request: ReadRequest, now: Date, address: string) => Promise<void> {
  const receive = groupCommit((group: Received[]) => receiveGroup(deps, group), INTAKE_GROUP_MAX);
  return (request, now, address) => receive({ request, now, address });
}

/** A started mission of a device's provider, with what the estimate and the presence need of it. */
async function startedMissions(db: Db, providers: string[]) {
  const rows = await db
    .select({
      id: missions.id,
      provider: missions.serviceProvider,
      latitude: missions.latitude,
      longitude: missions.longitude,
      acceptedAt: missions.slaAcceptedAt,
      arrivedAt: missions.slaArrivedAt,
      arrivalAt: sql<Date | null>`case when ${LIVE_ETA_IS_CURRENT} then ${missions.liveEtaArrivalAt} end`.mapWith(missions.liveEtaArrivalAt),
      fixAt: sql<Date | null>`case when ${LIVE_ETA_IS_CURRENT} then ${missions.liveEtaFixAt} end`.mapWith(missions.liveEtaFixAt),
      source: missions.liveEtaSource,
      roadFactor: missionConfigs.etaRoadFactor,
      averageSpeedKmh: missionConfigs.etaAverageSpeedKmh,
      radius: missionConfigs.arrivalRadius,
      ...presenceRecorded,
    })
    .from(missions)
    .leftJoin(missionConfigs, eq(missionConfigs.riskManager, missions.riskManager))
    .where(and(inArray(missions.serviceProvider, providers), eq(missions.status, 'started')));
  const byProvider = new Map<string, ProviderMissions>();
  for (const row of rows) {
    const held = byProvider.get(row.provider ?? '') ?? { onTheWay: [], presence: [] };
    byProvider.set(row.provider ?? '', held);
    if (row.latitude === null || row.longitude === null) continue;
    // On place by the agent's reading or by the team's own fixes: no longer on its way.
    if (row.arrivedAt === null && !row.arrived) held.onTheWay.push({ ...row, latitude: row.latitude, longitude: row.longitude });
    if (!row.left)
      held.presence.push({
        id: row.id,
        place: { latitude: row.latitude, longitude: row.longitude },
        radius: arrivalRadius(row.radius),
        since: row.acceptedAt,
        recorded: { arrived: row.arrived, left: row.left },
      });
  }
  return byProvider;
}

interface ProviderMissions {
  /** Still on the way (no arrival typed or detected), with the acceptance: the estimate takes those accepted by the fix's time. */
  onTheWay: (EstimateMission & { acceptedAt: Date | null })[];
  /** Not left yet: the presence may still move. */
  presence: PresenceMission[];
}

/** The count as the `nth` (from 0) of the `reserved` requests one reservation counted together saw it. */
const nthOf = (hit: Hit, reserved: number, nth: number): Hit => ({ ...hit, count: hit.count - reserved + 1 + nth });

/**
 * One group of requests, in the order they came, with the same rules as one request alone. Answers
 * each request's outcome (null: 200). The group's fixes are stored in one transaction: if it fails,
 * every fix it held answers the error and none is stored.
 */
async function receiveGroup({ db, gauges, retentionDays, route }: IntakeDeps, group: Received[]): Promise<(Error | null)[]> {
  const outcomes: (Error | null)[] = group.map(() => null);
  const now = group.reduce((latest, one) => (one.now > latest ? one.now : latest), group[0]!.now);
  const identifiers = [...new Set(group.map((one) => one.request.identifier))];
  const devices = new Map(
    (
      await db
        .select({ identifier: trackerDevices.identifier, key: trackerDevices.key, provider: trackerDevices.serviceProvider })
        .from(trackerDevices)
        .where(and(inArray(trackerDevices.identifier, identifiers), isNull(trackerDevices.revokedAt)))
    ).map((device) => [device.identifier, device]),
  );

  // The limits: every request of a known device counts, in the order they came; an unknown one counts for its address.
  const perDevice = new Map<number, number>();
  const perAddress = new Map<string, number>();
  for (const { request, address } of group) {
    const device = devices.get(request.identifier);
    if (device) perDevice.set(device.key, (perDevice.get(device.key) ?? 0) + 1);
    else perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
  }
  const hits = await reserveTimes(
    db,
    [
      ...[...perDevice].map(([key, times]) => ({ limit: DEVICE_LIMIT(key), times })),
      ...[...perAddress].map(([address, times]) => ({ limit: UNKNOWN_LIMIT(address), times })),
    ],
    now,
  );
  const unknownSeen = new Map<string, number>();
  group.forEach(({ request, address, now: at }, i) => {
    if (devices.has(request.identifier)) return;
    const hit = hits.get(UNKNOWN_LIMIT(address).key)!;
    const nth = unknownSeen.get(address) ?? 0;
    unknownSeen.set(address, nth + 1);
    const own = nthOf(hit, perAddress.get(address) ?? 1, nth);
    outcomes[i] = isOver(own) ? tooManyRequests(POSITION_MESSAGES.tooManyUnknown, secondsLeft(own, at)) : notFound(POSITION_MESSAGES.unknownDevice);
  });
  if (perDevice.size === 0) return outcomes;

  const sound: { index: number; device: { key: number; provider: string }; reading: Reading; now: Date }[] = [];
  const seen = new Map<number, number>();
  group.forEach(({ request, now: at }, i) => {
    const device = devices.get(request.identifier);
    if (!device) return;
    const hit = hits.get(DEVICE_LIMIT(device.key).key)!;
    const nth = seen.get(device.key) ?? 0;
    seen.set(device.key, nth + 1);
    const own = nthOf(hit, perDevice.get(device.key) ?? 1, nth);
    if (isOver(own)) {
      outcomes[i] = tooManyRequests(POSITION_MESSAGES.tooMany, secondsLeft(own, at));
      return;
    }
    for (const fix of request.fixes) {
      if ('refusal' in fix) gauges.positionsRefused[fix.refusal]++;
      else {
        const refusal = timeRefusal(fix.reading, at, retentionDays);
        if (refusal) gauges.positionsRefused[refusal]++;
        else sound.push({ index: i, device, reading: fix.reading, now: at });
      }
    }
  });
  if (sound.length === 0) return outcomes;

  const held = await startedMissions(db, [...new Set(sound.map((one) => one.device.provider))]);
  const kept = sound.filter((one) => {
    // Whether the provider holds a started mission right now: the only time a team is tracked.
    if (held.has(one.device.provider)) return true;
    gauges.positionsRefused.no_started_mission++;
    return false;
  });
  if (kept.length === 0) return outcomes;

  // The estimates from each device's newest fix of the group (an older one's would be replaced at
  // once, and a batch sent after a tunnel holds hundreds), device after device: a later device
  // compares with what an earlier one renewed.
  const newest = new Map<number, (typeof kept)[number]>();
  for (const one of kept) {
    const before = newest.get(one.device.key);
    if (!before || one.reading.fixedAt >= before.reading.fixedAt) newest.set(one.device.key, one);
  }
  const estimates = new Map<string, LiveEstimate>();
  for (const { device, reading, now: at } of newest.values()) {
    const onTheWay = held.get(device.provider)!.onTheWay.filter((m) => m.acceptedAt !== null && m.acceptedAt <= reading.fixedAt);
    for (const estimate of await renewedEstimates({ db, route }, onTheWay, { fixedAt: reading.fixedAt, latitude: reading.lat, longitude: reading.lon }, at)) {
      estimates.set(estimate.mission, estimate);
    }
  }
  try {
    // One transaction: each fix's announcement (migration 0044's trigger, sent at commit) wakes the
    // screens only once the estimate it renews is kept, so their next read shows it.
    await db.transaction(async (tx) => {
      await tx.insert(positions).values(
        kept.map(({ device, reading, now: at }) => ({
          device: device.key,
          fixedAt: reading.fixedAt,
          receivedAt: at,
          latE7: Math.round(reading.lat * E7),
          lonE7: Math.round(reading.lon * E7),
          speedKmh: reading.speedKmh,
          bearing: reading.bearing,
          altitude: reading.altitude,
          accuracy: reading.accuracy,
          battery: reading.battery,
        })),
      );
      await keepEstimates(tx, [...estimates.values()]);
    });
  } catch (error) {
    for (const { index } of kept) outcomes[index] = error instanceof Error ? error : new Error(String(error));
    return outcomes;
  }

  // Presence, device by device, only where a started mission with a place is not left yet: one
  // index per stored fix (a batch's request repeats), so their count is the device's stored fixes.
  const storedBy = new Map<number, { device: { key: number; provider: string }; indexes: number[] }>();
  for (const { index, device } of kept) {
    if (held.get(device.provider)!.presence.length === 0) continue;
    const entry = storedBy.get(device.key) ?? { device, indexes: [] };
    entry.indexes.push(index);
    storedBy.set(device.key, entry);
  }
  const failed = (indexes: number[], error: unknown) => {
    for (const index of indexes) outcomes[index] = error instanceof Error ? error : new Error(String(error));
  };
  let fixes: Map<number, Fix[]>;
  try {
    fixes = await latestFixes(db, new Map([...storedBy].map(([key, { indexes }]) => [key, indexes.length])));
  } catch (error) {
    failed([...storedBy.values()].flatMap(({ indexes }) => indexes), error);
    return outcomes;
  }
  for (const { device, indexes } of storedBy.values()) {
    try {
      await detectPresence(db, device, held.get(device.provider)!.presence, indexes.length, fixes.get(device.key) ?? [], now);
    } catch (error) {
      failed(indexes, error);
    }
  }
  return outcomes;
}
