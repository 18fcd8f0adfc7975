/**
 * Clustered markers for react-leaflet (docs/rules/screens.md): a leaflet.markercluster group that
 * react-leaflet <Marker>s join as children. Groups within 60 px up to zoom 16 (clustering is off
 * from 17 on); a cluster's icon is red when it holds more markers than the larger of 10 and the
 * mean count of the clusters on screen (clusterColour), else blue. The mean changes as the view
 * moves, so after each move the visible counts are taken again and the icons redrawn if needed.
 * Only the lazily loaded map chunk imports this file.
 */
import './leafletGlobal';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import L from 'leaflet';
import { createLayerComponent, type LayerProps } from '@react-leaflet/core';
import type { ReactNode } from 'react';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS_PX, clusterColour } from '../../domain/live/clusters';

const COLOURS = { red: '#d32f2f', blue: '#1976d2' } as const;

/** The child counts of the clusters drawn in the current view. */
function visibleCounts(group: L.MarkerClusterGroup): number[] {
  const seen = new Set<L.MarkerCluster>();
  for (const layer of group.getLayers()) {
    const parent = group.getVisibleParent(layer as L.Marker) as L.Marker | L.MarkerCluster | null;
    if (parent && 'getChildCount' in parent) seen.add(parent);
  }
  return [...seen].map((cluster) => cluster.getChildCount());
}

export function clusterIcon(count: number, counts: readonly number[]): L.DivIcon {
  const colour = clusterColour(count, counts);
  return L.divIcon({
    html: `<div data-cluster-colour="${colour}" style="background:${COLOURS[colour]};color:#fff;border-radius:50%;width:36px;height:36px;display:grid;place-items:center;font:600 13px Roboto,sans-serif;box-shadow:0 0 0 4px ${COLOURS[colour]}55">${count}</div>`,
    className: 'cluster-icon',
    iconSize: L.point(36, 36),
  });
}

export const MarkerClusterGroup = createLayerComponent<L.MarkerClusterGroup, LayerProps & { children?: ReactNode }>(
  (_props, context) => {
    let counts: number[] = [];
    const group = L.markerClusterGroup({
      maxClusterRadius: CLUSTER_RADIUS_PX,
      disableClusteringAtZoom: CLUSTER_MAX_ZOOM + 1,
      showCoverageOnHover: false,
      iconCreateFunction: (cluster) => clusterIcon(cluster.getChildCount(), counts),
    });
    const recolour = () => {
      const next = visibleCounts(group).sort((a, b) => a - b);
      if (next.join() === counts.join()) return;
      counts = next;
      group.refreshClusters();
    };
    group.on('animationend', recolour);
    group.on('add', () => {
      context.map.on('moveend', recolour);
      recolour();
    });
    group.on('remove', () => context.map.off('moveend', recolour));
    return { instance: group, context: { ...context, layerContainer: group } };
  },
);
