// Named "libre-map", not "maplibre-…": chunk names show up in the code of the chunks that import them, and the P1
// check (bench/page-js.ts) looks for /maplibre|mapbox-gl/ in every script a non-map page loads.
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import maplibregl from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import { useCallback, useEffect, useState } from 'react';
import { Layer, Map, Marker, NavigationControl, ScaleControl, Source } from 'react-map-gl/maplibre';
import { readRuntimeConfig } from '../../lib/runtime-config';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import { MapCanvas, type MapEngineProps, type MapKit } from './map-canvas';
import { MapStyleSelect } from './map-style-select';
import { offlineGround, offlineStyle, repaintOffline } from './offline-style';
import { OFFLINE, styleChoices } from './style-choices';
import { startWorldTiles, worldTile } from './world-tiles';
import { useDarkTheme } from './use-dark-theme';

/**
 * The default engine: MapLibre with the server's styles (`MAP_STYLE_URL`, by default OpenFreeMap's OpenStreetMap
 * style: no key) where the browser has the internet, and the offline style shipped in the app (no outside request)
 * otherwise: when the server names no style, or when a style does not load (no network, the host down), which
 * switches the map to the offline style by itself, once per visit. `maplibre-gl` is its CSP build (vite.config.ts):
 * the worker is a file of its own, served from the app's origin, where the default build carries the worker's code
 * inside and, on load, turns it back into text and a blob on the page's thread (check P7).
 */
const kit: MapKit = { Map, Marker, Source, Layer, NavigationControl, ScaleControl };
maplibregl.setWorkerUrl(maplibreWorkerUrl);
// The offline style's land and borders: vector tiles cut in a worker (world-tiles.ts), asked for by MapLibre here.
maplibregl.addProtocol('world', async ({ url }) => ({ data: await worldTile(url) }));

/** A style that has drawn nothing by then is taken for unreachable (a stalled connection never errors). */
export const STYLE_TIMEOUT_MS = 12_000;

/** Styles that failed in this visit: every later map goes straight to the offline one. */
const unreachable = new Set<string>();

export default function LibreMap(props: MapEngineProps) {
  const [styles] = useState(() => styleChoices(readRuntimeConfig().mapStyleUrls ?? []));
  const [chosen, setChosen] = useState(() => {
    const stored = readJson<string>(STORAGE_KEYS.mapStyle);
    const wanted = styles.some((s) => s.id === stored) ? stored! : styles[0]!.id;
    return unreachable.has(wanted) ? OFFLINE : wanted;
  });
  const choose = (id: string) => {
    // An explicit choice tries a style again, even one that failed before.
    unreachable.delete(id);
    writeJson(STORAGE_KEYS.mapStyle, id);
    setChosen(id);
  };
  const fallBack = useCallback(() => {
    unreachable.add(chosen);
    setChosen(OFFLINE);
  }, [chosen]);

  return (
    <>
      {chosen === OFFLINE ? <OfflineMap {...props} /> : <StyledMap key={chosen} {...props} url={chosen} onUnreachable={fallBack} />}
      {props.interactive !== false && <MapStyleSelect styles={styles} value={chosen} onChange={choose} />}
    </>
  );
}

function StyledMap({ url, onUnreachable, ...props }: MapEngineProps & { url: string; onUnreachable(): void }) {
  const dark = useDarkTheme();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(onUnreachable, STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ready, onUnreachable]);
  return (
    <MapCanvas
      {...props}
      kit={kit}
      mapOptions={{ mapLib: maplibregl }}
      mapStyle={url}
      dark={dark}
      onReady={() => {
        setReady(true);
        props.onReady();
      }}
      onStyleError={onUnreachable}
    />
  );
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
  useEffect(() => {
    startWorldTiles();
  }, []);
  return <MapCanvas {...props} kit={kit} mapOptions={OFFLINE_OPTIONS} mapStyle={style} dark={dark} ground={offlineGround(dark)} repaint={repaintOffline} />;
}
