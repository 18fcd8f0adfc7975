/**
 * Map settings (docs/rules/screens.md). The tile server is configurable (VITE_MAP_TILE_URL) because the
 * product may run where OpenStreetMap's public tiles are not allowed or not reachable. No Leaflet
 * here: this module is in the missions chunk, the map itself is loaded only when a map opens.
 */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_TILE_URL: string = import.meta.env?.VITE_MAP_TILE_URL || DEFAULT_TILE_URL;
export const MAP_ATTRIBUTION = '&copy; colaboradores do OpenStreetMap';
/** Shown over a map whose background tiles could not be loaded (the pins are still drawn). */
export const MAP_TILES_FAILED = 'Não foi possível carregar o mapa de fundo (sem conexão com o servidor de mapas). Os marcadores continuam nas posições das missões.';

/** docs/rules/missions.md: a map starts at zoom 15 on its main pin; a located pin is shown at 18. */
export const MAP_ZOOM = 15;
export const LOCATE_ZOOM = 18;

/** Where the new-mission pin picker starts before any coordinate is known (São Paulo, Praça da Sé). */
export const DEFAULT_CENTER: LatLng = [-23.5503, -46.6339];

export type LatLng = [number, number];

/** The external maps service a mission's map links to (docs/rules/missions.md: mission map links open externally). */
export const externalMapUrl = ([lat, lng]: LatLng): string =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${LOCATE_ZOOM}/${lat}/${lng}`;

/** A latitude/longitude pair typed in a form ('-23,5' or '-23.5'), or null while incomplete or out of range. */
export function parseLatLng(latitude: unknown, longitude: unknown): LatLng | null {
  const read = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : NaN);
  const lat = read(latitude);
  const lng = read(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}
