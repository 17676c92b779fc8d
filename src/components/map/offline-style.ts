import type { Feature, FeatureCollection, LineString, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

/**
 * The map style shipped with the app: water, land, coastlines, country borders and a graticule, all from GeoJSON held
 * in the page. It names no glyphs, sprite or tile URL, so drawing it sends no request anywhere (hence no text labels:
 * labels would need glyph files). Country shapes come from Natural Earth through the `world-atlas` package.
 */

export type WorldShapes = {
  land: Feature<Polygon | MultiPolygon> | FeatureCollection<Polygon | MultiPolygon>;
  borders: Feature<MultiLineString>;
};

export const OFFLINE_COLOURS = {
  light: { water: '#c9dbe6', land: '#f3efe6', coast: '#8fa5b3', border: '#b3a99a', graticule: '#9fb6c4' },
  dark: { water: '#0f1d27', land: '#2a2622', coast: '#4b6574', border: '#6b6158', graticule: '#27404f' },
} as const;

type Colours = (typeof OFFLINE_COLOURS)['light' | 'dark'];

/** Every paint property that depends on the theme, so a theme switch repaints without rebuilding the style. */
export const themedPaint = (c: Colours) =>
  [
    ['water', 'background-color', c.water],
    ['land', 'fill-color', c.land],
    ['coastline', 'line-color', c.coast],
    ['borders', 'line-color', c.border],
    ['graticule', 'line-color', c.graticule],
  ] as const;

/** Parallels and meridians every `step` degrees; meridians stop where Web Mercator does. */
export function graticule(step = 15): FeatureCollection<LineString> {
  const lines: Feature<LineString>[] = [];
  const line = (coordinates: [number, number][]): Feature<LineString> => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } });
  for (let lng = -180; lng <= 180; lng += step) lines.push(line([[lng, -85], [lng, 0], [lng, 85]]));
  for (let lat = -75; lat <= 75; lat += step) {
    // Intermediate points keep a parallel a curve if the map is ever shown as a globe.
    const points: [number, number][] = [];
    for (let lng = -180; lng <= 180; lng += 10) points.push([lng, lat]);
    lines.push(line(points));
  }
  return { type: 'FeatureCollection', features: lines };
}

/** The whole offline style for the given theme. */
export function offlineStyle(world: WorldShapes, dark: boolean): StyleSpecification {
  const c = dark ? OFFLINE_COLOURS.dark : OFFLINE_COLOURS.light;
  // The data is at 1:50 million: tiles past zoom 6 add nothing but work, so the sources stop there and overzoom.
  const source = (data: WorldShapes[keyof WorldShapes] | FeatureCollection<LineString>) =>
    ({ type: 'geojson', data, maxzoom: 6, tolerance: 0.5, attribution: 'Natural Earth' }) as const;
  return {
    version: 8,
    name: dark ? 'Switchback offline (dark)' : 'Switchback offline',
    sources: {
      land: source(world.land),
      borders: source(world.borders),
      graticule: { ...source(graticule()), attribution: undefined },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': c.water } },
      { id: 'graticule', type: 'line', source: 'graticule', paint: { 'line-color': c.graticule, 'line-width': 0.75 } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': c.land } },
      { id: 'coastline', type: 'line', source: 'land', layout: { 'line-join': 'round' }, paint: { 'line-color': c.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.5] } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        layout: { 'line-join': 'round' },
        paint: { 'line-color': c.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.25], 'line-dasharray': [3, 2] },
      },
    ],
  };
}

/** Repaints a map showing the offline style in the other theme. */
export function repaintOffline(map: { setPaintProperty(layer: string, name: string, value: unknown): unknown; getLayer(id: string): unknown }, dark: boolean) {
  for (const [layer, name, value] of themedPaint(dark ? OFFLINE_COLOURS.dark : OFFLINE_COLOURS.light)) {
    if (map.getLayer(layer)) map.setPaintProperty(layer, name, value);
  }
}
