/**
 * The teams of a running mission on a Leaflet map (docs/rules/positions.md): each one's trail and a
 * dot at its latest fix with its label always shown. Used inside the lazily loaded maps only
 * (MissionMap, DispatchMap), so react-leaflet stays in their chunk.
 */
import { Fragment } from 'react';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import type { LatLng } from './mapConfig';

/** A team on the map: its trail, a dot at its latest fix and a label. */
export interface MapTeam {
  key: string;
  position: LatLng;
  trail: LatLng[];
  /** Always shown beside the dot: the device's name, speed and the age of the fix. */
  label: string;
}

const TEAM_COLOUR = '#1565c0';

export function TeamLayers({ teams }: { teams: MapTeam[] }) {
  return teams.map((team) => (
    <Fragment key={team.key}>
      <Polyline positions={team.trail} pathOptions={{ color: TEAM_COLOUR, weight: 3, opacity: 0.6 }} />
      <CircleMarker center={team.position} radius={8} pathOptions={{ color: '#fff', weight: 3, fillColor: TEAM_COLOUR, fillOpacity: 1 }}>
        <Tooltip permanent direction="right" offset={[10, 0]}>
          {team.label}
        </Tooltip>
      </CircleMarker>
    </Fragment>
  ));
}
