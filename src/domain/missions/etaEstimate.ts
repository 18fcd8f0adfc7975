/**
 * The arrival a proposal starts from when the team's position is known (docs/rules/field-app.md):
 * the straight line to the mission's place, lengthened by a road factor for the roads' detours,
 * at an average speed; both proposed in the form and editable, since the team knows the road.
 */

import { straightLineKm as greatCircleKm } from '../positions/eta';

/** Roads are longer than the straight line: a usual factor for Brazilian highways and cities. */
export const ROAD_FACTOR = 1.3;
/** An average speed for a quick-response car on the way, in km/h. */
export const AVERAGE_SPEED_KMH = 60;

/** The great-circle distance between two points, in km (the one haversine, src/domain/positions/eta.ts). */
export const straightLineKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number =>
  greatCircleKm({ latitude: a.lat, longitude: a.lng }, { latitude: b.lat, longitude: b.lng });

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
