/**
 * The live arrival estimate (docs/rules/positions.md, "Previsão de chegada"): from the team's latest
 * position to the mission's place, either the route of an OSRM server (OSRM_URL) or the straight
 * line lengthened by the road factor and driven at the average speed of the tenant's mission
 * parameters ('Parâmetros da missão'), with the defaults below when the tenant set none.
 */

/** Roads are longer than the straight line: 1.3 is the usual ratio in Brazilian cities. */
export const DEFAULT_ROAD_FACTOR = 1.3;
/** An escort team's average speed in urban traffic, km/h. */
export const DEFAULT_AVERAGE_SPEED_KMH = 40;

/** The bounds of the parameters: a factor below 1 or a speed above a car's is a typo. */
export const ROAD_FACTOR_RANGE = { min: 1, max: 3 } as const;
export const AVERAGE_SPEED_RANGE = { min: 5, max: 150 } as const;

export interface EtaParameters {
  roadFactor: number;
  averageSpeedKmh: number;
}

/** The tenant's parameters, each one it left empty taking its default. */
export const etaParameters = (set: { roadFactor: number | null; averageSpeedKmh: number | null } | null): EtaParameters => ({
  roadFactor: set?.roadFactor ?? DEFAULT_ROAD_FACTOR,
  averageSpeedKmh: set?.averageSpeedKmh ?? DEFAULT_AVERAGE_SPEED_KMH,
});

export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, km (haversine). */
export function straightLineKm(from: Point, to: Point): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Seconds to drive from `from` to `to` without a router: the straight line × road factor at the average speed. */
export const straightLineSeconds = (from: Point, to: Point, parameters: EtaParameters): number =>
  ((straightLineKm(from, to) * parameters.roadFactor) / parameters.averageSpeedKmh) * 3600;

/** Where the estimate came from: an OSRM route, or the straight line with the parameters. */
export const ETA_SOURCES = ['route', 'straight_line'] as const;
export type EtaSource = (typeof ETA_SOURCES)[number];

/** Whole minutes, rounded up: "chega em 1 min" until the team is there, never "chega em 0 min". */
export const etaMinutes = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));

/**
 * Whole minutes from `now` to the estimated arrival (epoch ms), as every screen counts them; null
 * once the moment has passed: the team should be there, and no newer position moved the estimate.
 */
export const liveArrivesInMinutes = (arrivalAt: number, now: number): number | null =>
  arrivalAt > now ? etaMinutes((arrivalAt - now) / 1000) : null;

/** The estimate as the screens write it ('chega em 12 min'). */
export const arrivesInText = (minutes: number): string => `chega em ${minutes} min`;

/** How old the latest fix is, as the map writes it ('há 2 min'); under a minute is 'agora'. */
export function fixAgeText(fixedAt: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(fixedAt).getTime()) / 60_000);
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `há ${hours} h` : `há ${Math.floor(hours / 24)} d`;
}
