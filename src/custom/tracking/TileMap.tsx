import { MAP_TILE_URL, MAP_ZOOM } from '../missions/mapConfig';

const TILE = 256;
/** Tiles around the centre one: a 3 × 3 grid covers a phone's width and a desktop card. */
const AROUND = [-1, 0, 1];

/** Web-Mercator tile coordinates (fractional) of a point at `zoom` (the OpenStreetMap scheme). */
function tileOf(lat: number, lng: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return { x: ((lng + 180) / 360) * n, y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n };
}

const tileUrl = (x: number, y: number, z: number) =>
  MAP_TILE_URL.replace('{s}', 'abc'[(x + y) % 3] ?? 'a')
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));

/** How far from the centre a second point may be drawn: inside the 3 × 3 grid, away from its edge. */
const REACH = TILE * 1.2;

/** The closest zoom (at most MAP_ZOOM) at which `team` falls inside the grid around the place. */
function zoomFitting(latitude: number, longitude: number, team: Point | null): number {
  if (!team) return MAP_ZOOM;
  for (let zoom = MAP_ZOOM; zoom > 3; zoom--) {
    const place = tileOf(latitude, longitude, zoom);
    const there = tileOf(team.latitude, team.longitude, zoom);
    if (Math.abs(there.x - place.x) * TILE <= REACH && Math.abs(there.y - place.y) * TILE <= REACH) return zoom;
  }
  return 3;
}

interface Point {
  latitude: number;
  longitude: number;
}

/**
 * The mission's place on the configured tile server, without Leaflet (≈40 KB gzip the page would
 * not otherwise need): the nine tiles around the point, centred on it, and a pin. Read-only, like
 * the rest of the page; 'Abrir no mapa' leads to the full map. With `team` (the team on its way,
 * docs/rules/positions.md) a dot marks it too, the zoom widened until both fit.
 */
export function TileMap({ latitude, longitude, label, team = null }: { latitude: number; longitude: number; label: string; team?: Point | null }) {
  const zoom = zoomFitting(latitude, longitude, team);
  const { x, y } = tileOf(latitude, longitude, zoom);
  const there = team && tileOf(team.latitude, team.longitude, zoom);
  const [cx, cy] = [Math.floor(x), Math.floor(y)];
  // Where the point falls inside the centre tile, so the grid can be shifted to put it mid-frame.
  const [dx, dy] = [(x - cx) * TILE, (y - cy) * TILE];
  return (
    <div className="tk-map" role="img" aria-label={label}>
      <div className="tk-map-tiles" style={{ transform: `translate(calc(-${TILE + dx}px + 50%), calc(-${TILE + dy}px + 50%))` }}>
        {AROUND.map((row) =>
          AROUND.map((col) => (
            // A tile the server cannot give (offline, refused) leaves the plain background, not a broken-image icon.
            <img
              key={`${row}:${col}`}
              src={tileUrl(cx + col, cy + row, zoom)}
              alt=""
              width={TILE}
              height={TILE}
              loading="lazy"
              onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
            />
          )),
        )}
      </div>
      <svg className="tk-map-pin" viewBox="0 0 40 56" width="32" height="45" aria-hidden="true">
        <path d="M20 0C9 0 0 9 0 20c0 15 20 36 20 36s20-21 20-36C40 9 31 0 20 0Z" fill="var(--pr-primary, #cc330a)" />
        <circle cx="20" cy="20" r="7" fill="#fff" />
      </svg>
      {there && (
        <span
          className="tk-map-team"
          data-testid="tracking-team"
          style={{ left: `calc(50% + ${(there.x - x) * TILE}px)`, top: `calc(50% + ${(there.y - y) * TILE}px)` }}
          aria-hidden="true"
        />
      )}
      <span className="tk-map-credit">© colaboradores do OpenStreetMap</span>
    </div>
  );
}
