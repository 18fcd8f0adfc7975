/**
 * Whether the team is at the mission's place (docs/rules/positions.md, "Chegada e saída do local"):
 * two consecutive fixes of one device inside the radius mean it arrived, two outside after that
 * mean it left. Decided here, on the fixes only; the server writes each event once.
 */
import { brasiliaDateTime } from '../missionDetails/changes';
import { straightLineKm, type Point } from './eta';

/** The radius around the mission's place when the tenant's parameters set none, in metres. */
export const DEFAULT_ARRIVAL_RADIUS_M = 200;

/** Fixes one device needs in a row on the same side of the radius before it counts. */
export const PRESENCE_FIXES = 2;

export const PRESENCE_ACTIONS = ['team_arrived', 'team_left'] as const;
export type PresenceAction = (typeof PRESENCE_ACTIONS)[number];
export const isPresenceAction = (action: string): action is PresenceAction => (PRESENCE_ACTIONS as readonly string[]).includes(action);

/** The fix an arrival or leaving event carries: when and where the team crossed the radius. */
export interface EventPosition {
  fixedAt: string;
  latitude: number;
  longitude: number;
}

/** Coordinates as a person reads them on screen, e-mail and PDF: five decimals (about a metre). */
export const coordinatesText = (point: Point): string => `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`;

/** The line the timeline and the mission's PDF print under an arrival, a leaving or an alarm. */
export const eventPositionText = (position: EventPosition): string => `Posição: ${coordinatesText(position)} às ${brasiliaDateTime(position.fixedAt)}`;

/** Great-circle distance in metres: within a few metres at the radii a place has. */
export const distanceMetres = (a: Point, b: Point): number => straightLineKm(a, b) * 1000;

/**
 * The event a device's latest fixes (newest first) call for, given what the timeline already has:
 * arrival when the last PRESENCE_FIXES are all inside `radius` of `place` and the team has not
 * arrived; leaving when they are all outside after an arrival. Null otherwise, so each happens once.
 */
export function presenceStep(latest: readonly Point[], place: Point, radius: number, recorded: { arrived: boolean; left: boolean }): PresenceAction | null {
  if (latest.length < PRESENCE_FIXES || recorded.left) return null;
  const inside = latest.slice(0, PRESENCE_FIXES).map((fix) => distanceMetres(fix, place) <= radius);
  if (!recorded.arrived) return inside.every(Boolean) ? 'team_arrived' : null;
  return inside.some(Boolean) ? null : 'team_left';
}
