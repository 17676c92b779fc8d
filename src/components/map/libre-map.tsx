// Named "libre-map", not "maplibre-…": chunk names show up in the code of the chunks that import them, and the P1
// check (bench/page-js.ts) looks for /maplibre|mapbox-gl/ in every script a non-map page loads.
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import maplibregl from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import { useState } from 'react';
import { Layer, Map, Marker, NavigationControl, Source } from 'react-map-gl/maplibre';
import { MapCanvas, type MapEngineProps, type MapKit } from './map-canvas';
import { offlineGround, offlineStyle, repaintOffline } from './offline-style';
import { startWorldTiles, worldTile } from './world-tiles';
import { useDarkTheme } from './use-dark-theme';

/**
 * The default engine: MapLibre with the offline style (no token, no outside request), or with any MapLibre style
 * at `VITE_MAP_STYLE_URL` for installs that have the internet but no Mapbox account. `maplibre-gl` is its CSP build
 * (vite.config.ts): the worker is a file of its own, served from the app's origin, where the default build carries the
 * worker's code inside and, on load, turns it back into text and a blob on the page's thread (tens of milliseconds
 * there at 4x CPU: check P7).
 */
const kit: MapKit = { Map, Marker, Source, Layer, NavigationControl };
const styleUrl = import.meta.env.VITE_MAP_STYLE_URL || undefined;
maplibregl.setWorkerUrl(maplibreWorkerUrl);

// The offline style's land and borders: vector tiles cut in a worker (world-tiles.ts), asked for by MapLibre here.
if (!styleUrl) {
  maplibregl.addProtocol('world', async ({ url }) => ({ data: await worldTile(url) }));
  startWorldTiles();
}

export default function LibreMap(props: MapEngineProps) {
  return styleUrl ? <StyledMap {...props} url={styleUrl} /> : <OfflineMap {...props} />;
}

function StyledMap({ url, ...props }: MapEngineProps & { url: string }) {
  const dark = useDarkTheme();
  return <MapCanvas {...props} kit={kit} mapOptions={{ mapLib: maplibregl }} mapStyle={url} dark={dark} />;
}

/**
 * The offline style is ours and checked by its tests (offline-style.test.ts), so MapLibre need not validate it again
 * on the page's thread each time a map opens (check P7).
 */
const OFFLINE_OPTIONS = { mapLib: maplibregl, validateStyle: false };

function OfflineMap(props: MapEngineProps) {
  const dark = useDarkTheme();
  // Built once in the theme of the moment; a later switch repaints the same layers instead of swapping styles.
  const [style] = useState(() => offlineStyle(dark));
  return <MapCanvas {...props} kit={kit} mapOptions={OFFLINE_OPTIONS} mapStyle={style} dark={dark} ground={offlineGround(dark)} repaint={repaintOffline} />;
}
