import 'mapbox-gl/dist/mapbox-gl.css';
import './map-controls.css';
import { useQuery } from '@tanstack/react-query';
import mapboxgl from 'mapbox-gl';
import { useState } from 'react';
import { Layer, Map, Marker, NavigationControl, ScaleControl, Source } from 'react-map-gl/mapbox';
import type { MapStyle } from '#contract/map-styles';
import { mapStylesQuery } from '../../features/maps/api';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import { MapCanvas, type MapEngineProps, type MapKit } from './map-canvas';
import { MapStyleSelect } from './map-style-select';
import { pickMapboxStyle } from './mapbox-styles';
import { useDarkTheme } from './use-dark-theme';

/**
 * The Mapbox engine, loaded only when the build has `VITE_MAPBOX_TOKEN` (without a token Mapbox draws nothing, so
 * MapView never picks it then). The member switches among the seven styles of spec §9; the choice is stored under
 * `default_mapbox_style` and becomes the default everywhere.
 */
// react-map-gl's Mapbox and MapLibre components share one API (one code base); the types differ only in the engine.
const kit = { Map, Marker, Source, Layer, NavigationControl, ScaleControl } as unknown as MapKit;
const token = import.meta.env.VITE_MAPBOX_TOKEN;

export default function MapboxMap(props: MapEngineProps) {
  const dark = useDarkTheme();
  const { data } = useQuery(mapStylesQuery);
  const styles = data ?? readJson<MapStyle[]>(STORAGE_KEYS.mapboxStyles);
  const [chosen, setChosen] = useState(() => readJson<MapStyle>(STORAGE_KEYS.defaultMapboxStyle));
  const url = pickMapboxStyle(styles, chosen);

  return (
    <>
      <MapCanvas {...props} kit={kit} mapOptions={{ mapLib: mapboxgl as never, mapboxAccessToken: token } as never} mapStyle={url} dark={dark} />
      {props.interactive !== false && styles && (
        <MapStyleSelect
          styles={styles.map((s) => ({ id: String(s.id), name: s.name }))}
          value={String(styles.find((s) => s.mapboxStyleUrl === url)?.id ?? '')}
          onChange={(id) => {
            const next = styles.find((s) => String(s.id) === id);
            if (!next) return;
            writeJson(STORAGE_KEYS.defaultMapboxStyle, next);
            setChosen(next);
          }}
        />
      )}
    </>
  );
}
