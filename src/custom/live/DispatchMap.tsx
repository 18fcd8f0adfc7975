/**
 * The dispatcher's map (docs/operations/several-instances.md): every open and started mission of the
 * tenant as clustered pins,
 * each in its status's colour (the missions screen's chips; the dialog shows the legend) with an
 * info window and a link to the location in an external maps service, and the proposals of the
 * selected mission as rings around it, and its teams with their trails while it runs. It opens on all the missions it counts (at most zoom 15,
 * so a single one is shown as docs/rules/missions.md says) and pans to zoom 18 on a newly selected one. Default
 * export: reached only through React.lazy (DispatchMapDialog), so Leaflet and the cluster plugin
 * stay in the map chunk.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { Link, useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { formatKilometres } from '../../domain/billing/totals';
import { MISSION_STATUS_LABELS, type MissionRow, type MissionStatus, type Proposal } from '../../domain/missions';
import { DEFAULT_CENTER, LOCATE_ZOOM, MAP_ZOOM, externalMapUrl, type LatLng } from '../missions/mapConfig';
import { MapTiles } from '../missions/MapTiles';
import { TeamLayers, type MapTeam } from '../missions/TeamLayers';
import { statusChipColors } from '../missions/MissionStatusChip';
import { MarkerClusterGroup } from './MarkerClusterGroup';
import { missionReference } from '../missions/rowActionLabels';

/** A map pin in the status's colour, outlined so it reads on any tile (or none). */
function statusPin(status: MissionStatus, colour: string): L.DivIcon {
  return L.divIcon({
    className: 'mission-pin',
    html: `<svg data-status="${status}" width="26" height="38" viewBox="0 0 26 38" aria-hidden="true"><path d="M13 1C6.4 1 1 6.3 1 12.9 1 22 13 37 13 37s12-15 12-24.1C25 6.3 19.6 1 13 1z" fill="${colour}" stroke="#fff" stroke-width="2"/><circle cx="13" cy="13" r="4.5" fill="#fff"/></svg>`,
    iconSize: [26, 38],
    iconAnchor: [13, 37],
    popupAnchor: [0, -32],
  });
}

const positionOf = (row: MissionRow): LatLng => [row.location.latitude, row.location.longitude];

export interface DispatchMapProps {
  missions: MissionRow[];
  selected: MissionRow | null;
  proposals: Proposal[];
  /** The selected running mission's teams (docs/rules/positions.md). */
  teams: MapTeam[];
  onSelect: (row: MissionRow) => void;
}

function FocusSelected({ selected }: { selected: MissionRow | null }) {
  const map = useMap();
  const lat = selected?.location.latitude;
  const lng = selected?.location.longitude;
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) map.setView([lat, lng], LOCATE_ZOOM);
  }, [map, lat, lng]);
  return null;
}

/**
 * Once, when the map opens: every mission in view ('4 missões no mapa' showed one pin). Not on
 * later polls, which would undo the person's own panning and zooming.
 */
function FitMissions({ missions }: { missions: MissionRow[] }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || missions.length === 0) return;
    fitted.current = true;
    map.fitBounds(L.latLngBounds(missions.map(positionOf)), { maxZoom: MAP_ZOOM, padding: [48, 48], animate: false });
  }, [map, missions]);
  return null;
}

export default function DispatchMap({ missions, selected, proposals, teams, onSelect }: DispatchMapProps) {
  const theme = useTheme();
  const first = selected ?? missions[0];
  const center = first ? positionOf(first) : DEFAULT_CENTER;
  return (
    <MapContainer center={center} zoom={MAP_ZOOM} style={{ height: '70vh', width: '100%' }} scrollWheelZoom>
      <MapTiles />
      <MarkerClusterGroup>
        {missions.map((row) => (
          <Marker
            key={row._id}
            position={positionOf(row)}
            icon={statusPin(row.status, statusChipColors(theme, row.status).background)}
            eventHandlers={{ click: () => onSelect(row) }}
          >
            <Popup>
              <strong>{`Missão ${missionReference(row)}`}</strong>
              <br />
              {`${MISSION_STATUS_LABELS[row.status]} — ${row.serviceProviderName}`}
              <br />
              {`${row.location.address}, ${row.location.number} — ${row.location.city}/${row.location.state}`}
              <br />
              <Link href={externalMapUrl(positionOf(row))} target="_blank" rel="noopener noreferrer">
                Abrir no OpenStreetMap
              </Link>
            </Popup>
          </Marker>
        ))}
      </MarkerClusterGroup>
      {proposals
        .filter((p) => p.location && p.status !== 'canceled')
        .map((p) => (
          <CircleMarker key={p._id} center={[p.location!.latitude, p.location!.longitude]} radius={9} pathOptions={{ color: '#ed6c02' }}>
            <Popup>
              <strong>{p.serviceProviderInfo.name}</strong>
              {p.eta && (
                <>
                  <br />
                  {`Chegada em ${p.eta.time} (${formatKilometres(p.eta.distanceInKm)})`}
                </>
              )}
            </Popup>
          </CircleMarker>
        ))}
      <TeamLayers teams={teams} />
      <FitMissions missions={missions} />
      <FocusSelected selected={selected} />
    </MapContainer>
  );
}
