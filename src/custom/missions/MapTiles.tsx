/**
 * The map's background tiles (MAP_TILE_URL) and, when none of them can be loaded (no network, a
 * blocked or mistyped tile server), a message over the map saying so: a grey box with pins on it
 * read as a broken screen. The markers stay; only the streets under them are missing. Leaflet's:
 * only the lazily loaded map chunks import this file.
 */
import { Alert } from '@mui/material';
import { useState } from 'react';
import { TileLayer } from 'react-leaflet';
import { MAP_ATTRIBUTION, MAP_TILE_URL, MAP_TILES_FAILED } from './mapConfig';

export function MapTiles() {
  const [tiles, setTiles] = useState({ loaded: false, failed: false });
  return (
    <>
      <TileLayer
        url={MAP_TILE_URL}
        attribution={MAP_ATTRIBUTION}
        eventHandlers={{
          tileload: () => setTiles((t) => (t.loaded ? t : { ...t, loaded: true })),
          tileerror: () => setTiles((t) => (t.failed ? t : { ...t, failed: true })),
        }}
      />
      {tiles.failed && !tiles.loaded && (
        // Over the map's panes (z-index up to 700), under its controls' corners only at the top.
        <Alert severity="warning" role="status" sx={{ position: 'absolute', zIndex: 800, left: 56, right: 8, top: 8, pointerEvents: 'none' }}>
          {MAP_TILES_FAILED}
        </Alert>
      )}
    </>
  );
}
