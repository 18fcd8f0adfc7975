/**
 * Map clustering (docs/rules/screens.md; docs/rules/missions.md, map constants): markers are grouped
 * within 60 px up to
 * zoom 16, and a cluster's icon is red when it holds more markers than the larger of 10 and the mean
 * count of the clusters on screen, else blue.
 */
export const CLUSTER_RADIUS_PX = 60;
export const CLUSTER_MAX_ZOOM = 16;
export const CLUSTER_RED_FLOOR = 10;

export type ClusterColour = 'red' | 'blue';

/** The colour of a cluster of `count` markers among clusters of `counts` (those shown). */
export function clusterColour(count: number, counts: readonly number[]): ClusterColour {
  const mean = counts.length === 0 ? 0 : counts.reduce((sum, n) => sum + n, 0) / counts.length;
  return count > Math.max(CLUSTER_RED_FLOOR, mean) ? 'red' : 'blue';
}
