import { describe, expect, it } from 'vitest';
import { distanceMetres, presenceStep } from '../../src/domain/positions/presence';

/** Arrival and leaving decided from a device's latest fixes (docs/rules/positions.md, "Chegada e saída do local"). */

const PLACE = { latitude: -23.5613, longitude: -46.6565 };
/** A point `metres` north of the place (one degree of latitude: about 111.2 km). */
const north = (metres: number) => ({ latitude: PLACE.latitude + metres / 111_195, longitude: PLACE.longitude });
const none = { arrived: false, left: false };

describe('distanceMetres', () => {
  it('measures along the meridian and across it', () => {
    expect(distanceMetres(PLACE, north(200))).toBeCloseTo(200, 0);
    expect(distanceMetres(PLACE, PLACE)).toBe(0);
    // São Paulo to Rio de Janeiro, about 357 km as the crow flies.
    expect(distanceMetres(PLACE, { latitude: -22.9068, longitude: -43.1729 }) / 1000).toBeCloseTo(361, -1);
  });
});

describe('presenceStep', () => {
  it('calls the arrival only for two fixes in a row inside the radius, the radius itself inside', () => {
    expect(presenceStep([north(10)], PLACE, 200, none)).toBeNull();
    expect(presenceStep([north(10), north(900)], PLACE, 200, none)).toBeNull();
    expect(presenceStep([north(900), north(10)], PLACE, 200, none)).toBeNull();
    expect(presenceStep([north(10), north(199)], PLACE, 200, none)).toBe('team_arrived');
    expect(presenceStep([north(300), north(300)], PLACE, 500, none)).toBe('team_arrived');
  });

  it('calls the leaving only after the arrival, for two fixes in a row outside, and nothing once left', () => {
    expect(presenceStep([north(900), north(900)], PLACE, 200, none)).toBeNull();
    const arrived = { arrived: true, left: false };
    expect(presenceStep([north(10), north(10)], PLACE, 200, arrived)).toBeNull();
    expect(presenceStep([north(900), north(10)], PLACE, 200, arrived)).toBeNull();
    expect(presenceStep([north(900), north(900)], PLACE, 200, arrived)).toBe('team_left');
    expect(presenceStep([north(10), north(10)], PLACE, 200, { arrived: true, left: true })).toBeNull();
    expect(presenceStep([north(900), north(900)], PLACE, 200, { arrived: true, left: true })).toBeNull();
  });
});
