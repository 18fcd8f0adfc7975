/**
 * The VITE_* variables the bundle reads (see src/dataProvider/endpoints.ts): each may be unset, and
 * is a string when set.
 */
interface ImportMetaEnv {
  readonly VITE_API_AUTH?: string;
  readonly VITE_API_ADMIN?: string;
  readonly VITE_API_BILLING?: string;
  readonly VITE_API_MISSIONS?: string;
  readonly VITE_API_REPORTS?: string;
  readonly VITE_API_RISK_MANAGERS?: string;
  readonly VITE_API_SERVICE_PROVIDERS?: string;
  readonly VITE_API_STORAGE?: string;
  readonly VITE_API_THEMES?: string;
  readonly VITE_API_ADDRESS?: string;
  readonly VITE_API_CONTACT?: string;
  readonly VITE_API_POSITIONS?: string;
  readonly VITE_API_INTEGRATIONS?: string;
  /** Leaflet tile template ({s}, {z}, {x}, {y}); OpenStreetMap's when unset. */
  readonly VITE_MAP_TILE_URL?: string;
  /** Longest side, in px, of a photo after the phone downscales it (src/custom/photos/downscalePhoto.ts); 1600 when unset. */
  readonly VITE_PHOTO_MAX_SIDE?: string;
}
