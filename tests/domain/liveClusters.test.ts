import { describe, expect, it } from 'vitest';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS_PX, clusterColour } from '../../src/domain/live/clusters';
import { liveBackoffMs } from '../../src/domain/live';

describe('cluster colour (docs/rules/screens.md)', () => {
  it('is red only above the larger of 10 and the mean count of the clusters shown', () => {
    // Small clusters: the floor of 10 rules.
    expect(clusterColour(10, [2, 10, 3])).toBe('blue');
    expect(clusterColour(11, [2, 11, 3])).toBe('red');
    // Big clusters: the mean (30) rules.
    expect(clusterColour(30, [20, 30, 40])).toBe('blue');
    expect(clusterColour(40, [20, 30, 40])).toBe('red');
    expect(clusterColour(25, [20, 30, 40])).toBe('blue');
    // A lone cluster is its own mean: never above it.
    expect(clusterColour(500, [500])).toBe('blue');
    expect(clusterColour(12, [])).toBe('red');
  });

  it('groups within 60 px up to zoom 16', () => {
    expect([CLUSTER_RADIUS_PX, CLUSTER_MAX_ZOOM]).toEqual([60, 16]);
  });
});

describe('live reconnection delay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(liveBackoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
