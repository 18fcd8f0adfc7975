import type { OsmAndBody, OsmAndQuery } from '../../src/domain/positions/contracts';
import type { PositionRefusal } from '../../src/domain/positions';
import { POSITION_MESSAGES } from '../../src/domain/positions';
import { badRequest } from '../errors/httpErrors';

/**
 * One OsmAnd request read as Traccar's OsmAnd decoder reads it (docs/rules/positions.md): the
 * parameters of the query, or — when the query has none — of the form body; or the JSON of Traccar
 * Client 9, one fix or a batch of them. A request that is not a position at all (no identifier, a
 * fix without coordinates) is a 400; a value that cannot be a reading (not a number, out of range)
 * is that fix's refusal, answered after the device is known.
 */

export interface Reading {
  fixedAt: Date;
  lat: number;
  lon: number;
  speedKmh: number | null;
  bearing: number | null;
  altitude: number | null;
  accuracy: number | null;
  battery: number | null;
}

export type ReadFix = { reading: Reading } | { refusal: PositionRefusal };

/** A request's device and its fixes, in the order sent (one, except for a Traccar Client batch). */
export interface ReadRequest {
  identifier: string;
  fixes: ReadFix[];
}

const KNOTS_TO_KMH = 1.852;
const MPS_TO_KMH = 3.6;
/** Readings beyond these are no reading (a sensor's garbage), dropped rather than stored. */
const PLAUSIBLE = { speedKmh: 2000, altitude: 100_000, accuracy: 1_000_000 } as const;

class NotANumber extends Error {}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A parameter's number; absent → null; a text that is not a decimal number → NotANumber. */
function numberOf(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (!DECIMAL.test(text)) throw new NotANumber();
  return Number(text);
}

/** A reading within [min, max], or null (unknown or implausible: the position keeps its coordinates). */
const within = (value: number | null, min: number, max: number): number | null =>
  value !== null && Number.isFinite(value) && value >= min && value <= max ? value : null;

/** Unix seconds (milliseconds past 2038, as Traccar reads them) or an ISO text; absent → now. */
function timeOf(value: string | undefined, now: Date): Date {
  if (value === undefined) return now;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return new Date(n < 2 ** 31 - 1 ? n * 1000 : n);
  }
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) throw new NotANumber();
  return new Date(parsed);
}

function reading(raw: { time: string | undefined; lat: number | null; lon: number | null; speedKmh: number | null; bearing: number | null; altitude: number | null; accuracy: number | null; battery: number | null }, now: Date): Reading | null {
  const { lat, lon } = raw;
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const fixedAt = timeOf(raw.time, now);
  if (Number.isNaN(fixedAt.getTime())) return null;
  return {
    fixedAt,
    lat,
    lon,
    speedKmh: within(raw.speedKmh, 0, PLAUSIBLE.speedKmh),
    bearing: within(raw.bearing, 0, 360),
    altitude: within(raw.altitude, -PLAUSIBLE.altitude, PLAUSIBLE.altitude),
    accuracy: within(raw.accuracy, 0, PLAUSIBLE.accuracy),
    battery: within(raw.battery, 0, 100),
  };
}

/** The fix's reading, or its refusal when a value cannot be one. */
function attempt(read: () => Reading | null): ReadFix {
  try {
    const value = read();
    return value ? { reading: value } : { refusal: 'invalid_value' };
  } catch (error) {
    if (error instanceof NotANumber) return { refusal: 'invalid_value' };
    throw error;
  }
}

const scaled = (value: number | null, factor: number) => (value === null ? null : value * factor);

function fromParameters(params: OsmAndQuery, now: Date): ReadRequest {
  const identifier = params.id ?? params.deviceid;
  if (!identifier) throw badRequest(POSITION_MESSAGES.missingDevice);
  if (params.lat === undefined || params.lon === undefined) throw badRequest(POSITION_MESSAGES.missingCoordinates);
  const fix = attempt(() =>
    reading(
      {
        time: params.timestamp,
        lat: numberOf(params.lat),
        lon: numberOf(params.lon),
        speedKmh: scaled(numberOf(params.speed), KNOTS_TO_KMH),
        bearing: numberOf(params.bearing ?? params.heading),
        altitude: numberOf(params.altitude),
        accuracy: numberOf(params.accuracy),
        battery: numberOf(params.batt),
      },
      now,
    ),
  );
  return { identifier, fixes: [fix] };
}

/** Traccar Client 9: -1 is its "unknown" for speed, heading and battery. */
const known = (value: number | undefined): number | null => (value === undefined || value < 0 ? null : value);

type TraccarLocation = Exclude<NonNullable<OsmAndBody['location']>, unknown[]>;

function fromTraccarLocation(location: TraccarLocation | undefined, now: Date): ReadFix {
  const coords = location?.coords;
  const lat = coords?.latitude;
  const lon = coords?.longitude;
  if (lat === undefined || lon === undefined) throw badRequest(POSITION_MESSAGES.missingCoordinates);
  const level = known(location?.battery?.level);
  return attempt(() =>
    reading(
      {
        time: location?.timestamp,
        lat,
        lon,
        speedKmh: scaled(known(coords?.speed), MPS_TO_KMH),
        bearing: known(coords?.heading),
        altitude: coords?.altitude ?? null,
        accuracy: coords?.accuracy ?? null,
        battery: level === null ? null : Math.round(level * 100),
      },
      now,
    ),
  );
}

function fromTraccarJson(body: OsmAndBody, now: Date): ReadRequest {
  const identifier = body.device_id;
  if (!identifier) throw badRequest(POSITION_MESSAGES.missingDevice);
  const locations = Array.isArray(body.location) ? body.location : [body.location];
  return { identifier, fixes: locations.map((location) => fromTraccarLocation(location, now)) };
}

/**
 * The request's fixes: Traccar Client 9's JSON when the body is one, otherwise the query's
 * parameters, or the form body's when the query has none.
 */
export function readRequest(query: OsmAndQuery, body: OsmAndBody | undefined, now: Date): ReadRequest {
  if (body && (body.device_id !== undefined || body.location !== undefined)) return fromTraccarJson(body, now);
  const params = Object.keys(query).length > 0 || !body ? query : body;
  return fromParameters(params, now);
}
