/**
 * The Leaflet map (docs/rules/screens.md): zoom 15 on the main pin, a click on a pin opens its info
 * window, a given focus pans there at zoom 18, and an optional `onPick` makes a click on the map
 * choose a position (the new mission's pin). Default export so it is only ever reached through
 * React.lazy (LazyMap.tsx): Leaflet stays out of the missions chunk until a map opens.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import Box from '@mui/material/Box';
import { useEffect, type ReactNode } from 'react';
import { MapContainer, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { LOCATE_ZOOM, MAP_ZOOM, type LatLng } from './mapConfig';
import { MapTiles } from './MapTiles';
import { TeamLayers, type MapTeam } from './TeamLayers';

// Leaflet finds its marker images by CSS path, which a bundler renames; give it the bundled URLs.
// Drawn 44 px tall (Leaflet's 41 px image scaled): a pin is a button a finger must hit on a phone.
const pinIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [27, 44],
  iconAnchor: [13, 44],
  popupAnchor: [1, -37],
  shadowSize: [44, 44],
});

/**
 * The zoom buttons at the 44 px a finger needs (Leaflet draws them at 30), and the attribution's
 * links underlined: Leaflet's blue on grey alone does not tell a link from its text (WCAG 1.4.1).
 */
const mapControlsSx = {
  '& .leaflet-container .leaflet-bar a': { width: 44, height: 44, lineHeight: '44px', fontSize: 22 },
  '& .leaflet-container .leaflet-control-attribution a': { textDecoration: 'underline' },
} as const;

export interface MapPin {
  key: string;
  position: LatLng;
  /** The info window's content. */
  info: ReactNode;
}

export interface MissionMapProps {
  center: LatLng;
  pins: MapPin[];
  /** A running mission's teams (docs/rules/positions.md). */
  teams?: MapTeam[];
  /** Pans there at zoom 18 when set (a located proposal). */
  focus?: LatLng | null;
  onPick?: (position: LatLng) => void;
  height?: number | string;
}

function Focus({ focus }: { focus: LatLng | null | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView(focus, LOCATE_ZOOM);
  }, [map, focus]);
  return null;
}

/** Keeps the view on the main pin when it moves (a pin picked or typed in the form). */
function FollowCenter({ center }: { center: LatLng }) {
  const map = useMap();
  const [lat, lng] = center;
  useEffect(() => {
    map.setView([lat, lng], map.getZoom());
  }, [map, lat, lng]);
  return null;
}

function Picker({ onPick }: { onPick: (position: LatLng) => void }) {
  useMapEvents({ click: (event) => onPick([event.latlng.lat, event.latlng.lng]) });
  return null;
}

export default function MissionMap({ center, pins, teams = [], focus, onPick, height = 360 }: MissionMapProps) {
  return (
    <Box sx={mapControlsSx}>
      <MapContainer center={center} zoom={MAP_ZOOM} style={{ height, width: '100%' }} scrollWheelZoom>
      <MapTiles />
      {pins.map((pin) => (
        <Marker key={pin.key} position={pin.position} icon={pinIcon}>
          <Popup>{pin.info}</Popup>
        </Marker>
      ))}
      <TeamLayers teams={teams} />
      <FollowCenter center={center} />
      <Focus focus={focus} />
      {onPick && <Picker onPick={onPick} />}
      </MapContainer>
    </Box>
  );
}
