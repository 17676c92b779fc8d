// Named "libre-map", not "maplibre-…": chunk names show up in the code of the chunks that import them, and the P1
// check (bench/page-js.ts) looks for /maplibre|mapbox-gl/ in every script a non-map page loads.
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import maplibregl from 'maplibre-gl';
import { useState } from 'react';
import { Layer, Map, Marker, NavigationControl, Source } from 'react-map-gl/maplibre';
import { MapCanvas, type MapEngineProps, type MapKit } from './map-canvas';
import { offlineStyle, repaintOffline } from './offline-style';
import { startWorldTiles, worldTile } from './world-tiles';
import { useDarkTheme } from './use-dark-theme';

/**
 * The default engine: MapLibre with the offline style (no token, no outside request), or with any MapLibre style
 * at `VITE_MAP_STYLE_URL` for installs that have the internet but no Mapbox account. MapLibre makes its worker from
 * a blob (CSP `worker-src blob:`), so nothing else has to be served for it.
 */
const kit: MapKit = { Map, Marker, Source, Layer, NavigationControl };
const styleUrl = import.meta.env.VITE_MAP_STYLE_URL || undefined;

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

function OfflineMap(props: MapEngineProps) {
  const dark = useDarkTheme();
  // Built once in the theme of the moment; a later switch repaints the same layers instead of swapping styles.
  const [style] = useState(() => offlineStyle(dark));
  return <MapCanvas {...props} kit={kit} mapOptions={{ mapLib: maplibregl }} mapStyle={style} dark={dark} repaint={repaintOffline} />;
}
