/**
 * The arrival a proposal starts from when the team's position is known (docs/rules/field-app.md):
 * the straight line to the mission's place, lengthened by a road factor for the roads' detours,
 * at an average speed; both proposed in the form and editable, since the team knows the road.
 */

/** Roads are longer than the straight line: a usual factor for Brazilian highways and cities. */
export const ROAD_FACTOR = 1.3;
/** An average speed for a quick-response car on the way, in km/h. */
export const AVERAGE_SPEED_KMH = 60;

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km (haversine). */
export function straightLineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The proposal's distance ('12,4': one decimal, as the form shows it) and time to arrival ('00:13':
 * hh:mm, whole minutes up); no time when the trip takes a day or more, which the form's hh:mm cannot say.
 */
export function proposedArrival(from: { lat: number; lng: number }, to: { lat: number; lng: number }): { distanceInKm: string; time: string | null } {
  const km = straightLineKm(from, to) * ROAD_FACTOR;
  const minutes = Math.max(1, Math.ceil((km / AVERAGE_SPEED_KMH) * 60));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    distanceInKm: (Math.round(km * 10) / 10).toFixed(1).replace('.', ','),
    time: minutes < 24 * 60 ? `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` : null,
  };
}
