import { and, eq, isNull, sql } from 'drizzle-orm';
import { POSITION_FUTURE_TOLERANCE_MS, POSITION_LIMIT, POSITION_MESSAGES, type PositionRefusal } from '../../src/domain/positions';
import { isOver, reserve, secondsLeft, type Limit } from '../auth/authLimits';
import { positions, trackerDevices } from '../db/schema';
import { notFound, tooManyRequests } from '../errors/httpErrors';
import type { RuntimeGauges } from '../shared/deps';
import { keepEstimates, renewedEstimates, type EstimateDeps } from './liveEstimate';
import { detectPresence } from './presence';
import type { ReadRequest, Reading } from './reading';

/**
 * A position received from a device (docs/rules/positions.md). An unknown or revoked identifier is
 * a 404 and costs nothing else; a known device is limited per identifier with the shared counters of
 * the other limits (every instance sees the same count). Then the position is stored only when its
 * values are sound and the device's provider holds a started mission; otherwise it is counted by
 * reason and dropped, and the device still gets its 200: Traccar Client keeps a refused position at
 * the head of its queue and retries it for ever, so an error would hold back every later one. A
 * stored fix may complete the team's arrival at (or leaving of) the mission's place (presence.ts), and
 * renews the live arrival estimate of the missions it is on its way to (liveEstimate.ts).
 */

export const DEVICE_LIMIT = (key: number): Limit => ({ key: `positions:device:${key}`, ...POSITION_LIMIT });

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

export async function receivePosition({ db, gauges, retentionDays, route }: IntakeDeps, request: ReadRequest, now: Date): Promise<void> {
  const [device] = await db
    .select({
      key: trackerDevices.key,
      provider: trackerDevices.serviceProvider,
      // Whether the provider holds a started mission right now: the only time a team is tracked.
      // Spelled out: drizzle writes a column inside sql`` without its table, and both have this one.
      held: sql<boolean>`exists (select 1 from missions m where m.service_provider_id = tracker_devices.service_provider_id and m.status = 'started')`,
    })
    .from(trackerDevices)
    .where(and(eq(trackerDevices.identifier, request.identifier), isNull(trackerDevices.revokedAt)));
  if (!device) throw notFound(POSITION_MESSAGES.unknownDevice);
  const [hit] = await reserve(db, [DEVICE_LIMIT(device.key)], now);
  if (isOver(hit)) throw tooManyRequests(POSITION_MESSAGES.tooMany, secondsLeft(hit, now));

  const refuse = (reason: PositionRefusal) => {
    gauges.positionsRefused[reason]++;
  };
  if ('refusal' in request) return refuse(request.refusal);
  const refusal = timeRefusal(request.reading, now, retentionDays) ?? (device.held ? null : 'no_started_mission');
  if (refusal) return refuse(refusal);
  const { reading } = request;
  const estimates = await renewedEstimates({ db, route }, device.provider, { fixedAt: reading.fixedAt, latitude: reading.lat, longitude: reading.lon }, now);
  // One transaction: the fix's announcement (migration 0044's trigger, sent at commit) wakes the
  // screens only once the estimate it renews is kept, so their next read shows it.
  await db.transaction(async (tx) => {
    await tx.insert(positions).values({
      device: device.key,
      fixedAt: reading.fixedAt,
      receivedAt: now,
      latE7: Math.round(reading.lat * E7),
      lonE7: Math.round(reading.lon * E7),
      speedKmh: reading.speedKmh,
      bearing: reading.bearing,
      altitude: reading.altitude,
      accuracy: reading.accuracy,
      battery: reading.battery,
    });
    await keepEstimates(tx, estimates);
  });
  await detectPresence(db, device, now);
}
