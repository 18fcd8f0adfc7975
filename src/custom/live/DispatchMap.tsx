/**
 * The dispatcher's map (issue 8): every open and started mission of the tenant as clustered pins,
 * each with an info window and a link to the location in an external maps service, and the
 * proposals of the selected mission as rings around it. It starts at zoom 15 on the selected (or
 * first) mission and pans to zoom 18 on a newly selected one. Default export: reached only through
 * React.lazy (DispatchMapDialog), so Leaflet and the cluster plugin stay in the map chunk.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { Link } from '@mui/material';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { formatKilometres } from '../../domain/billing/totals';
import { MISSION_STATUS_LABELS, type MissionRow, type Proposal } from '../../domain/missions';
import { DEFAULT_CENTER, LOCATE_ZOOM, MAP_ATTRIBUTION, MAP_TILE_URL, MAP_ZOOM, externalMapUrl, type LatLng } from '../missions/mapConfig';
import { MarkerClusterGroup } from './MarkerClusterGroup';
import { missionReference } from '../missions/rowActionLabels';

const pinIcon = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });

const positionOf = (row: MissionRow): LatLng => [row.location.latitude, row.location.longitude];

export interface DispatchMapProps {
  missions: MissionRow[];
  selected: MissionRow | null;
  proposals: Proposal[];
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

export default function DispatchMap({ missions, selected, proposals, onSelect }: DispatchMapProps) {
  const first = selected ?? missions[0];
  const center = first ? positionOf(first) : DEFAULT_CENTER;
  return (
    <MapContainer center={center} zoom={MAP_ZOOM} style={{ height: '70vh', width: '100%' }} scrollWheelZoom>
      <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
      <MarkerClusterGroup>
        {missions.map((row) => (
          <Marker key={row._id} position={positionOf(row)} icon={pinIcon} eventHandlers={{ click: () => onSelect(row) }}>
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
      <FocusSelected selected={selected} />
    </MapContainer>
  );
}
