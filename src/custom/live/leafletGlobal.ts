/**
 * leaflet.markercluster is a UMD script that extends a global `L`. Leaflet sets `window.L` only as
 * a side effect some environments skip (tests), so it is set here, in a module imported before
 * the plugin: imports are evaluated in order.
 */
import L from 'leaflet';

(globalThis as { L?: typeof L }).L = L;
