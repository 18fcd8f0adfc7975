/**
 * The arrival a proposal starts from (docs/rules/field-app.md): the straight line to the mission,
 * times the road factor, at the average speed; one decimal of km as the form shows it, whole
 * minutes up, and no time for a trip of a day or more.
 */
import { describe, expect, it } from 'vitest';
import { AVERAGE_SPEED_KMH, proposedArrival, ROAD_FACTOR, straightLineKm } from '../../src/domain/missions/etaEstimate';

describe('proposed arrival', () => {
  it('measures the straight line on the globe', () => {
    // A degree of latitude is 111.19 km; São Paulo's Sé to Campinas' centre about 83 km.
    expect(straightLineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.195, 2);
    expect(straightLineKm({ lat: -23.5505, lng: -46.6333 }, { lat: -22.9056, lng: -47.0608 })).toBeCloseTo(83.6, 0);
    expect(straightLineKm({ lat: -23.5, lng: -46.6 }, { lat: -23.5, lng: -46.6 })).toBe(0);
  });

  it('lengthens it by the road factor and times it at the average speed', () => {
    expect([ROAD_FACTOR, AVERAGE_SPEED_KMH]).toEqual([1.3, 60]);
    // 111.195 km × 1.3 = 144.55 km; at 60 km/h, 144.55 min → 145.
    expect(proposedArrival({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toEqual({ distanceInKm: '144,6', time: '02:25' });
    // Standing at the place: no distance, and still a minute to get going.
    expect(proposedArrival({ lat: -23.5, lng: -46.6 }, { lat: -23.5, lng: -46.6 })).toEqual({ distanceInKm: '0,0', time: '00:01' });
  });

  it('proposes no time for a trip of a day or more (hh:mm cannot say it)', () => {
    expect(proposedArrival({ lat: 0, lng: 0 }, { lat: 12, lng: 0 }).time).toBeNull();
  });
});
