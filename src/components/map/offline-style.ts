import type { Feature, FeatureCollection, LineString } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { WORLD_MAX_ZOOM, WORLD_TILES_URL } from './world-tiles';

/**
 * The map style shipped with the app: land, coastlines, country borders and a graticule over the water. It names no
 * glyphs, sprite or outside URL, so drawing it asks nothing of anywhere but the app (hence no text labels: labels would
 * need glyph files). Land and borders are vector tiles cut in a worker from Natural Earth's countries (the `world-atlas`
 * package; world-tiles.ts); the graticule is GeoJSON made here.
 */

export const OFFLINE_COLOURS = {
  light: { water: '#c9dbe6', land: '#f3efe6', coast: '#8fa5b3', border: '#b3a99a', graticule: '#9fb6c4' },
  dark: { water: '#0f1d27', land: '#2a2622', coast: '#4b6574', border: '#6b6158', graticule: '#27404f' },
} as const;

type Colours = (typeof OFFLINE_COLOURS)['light' | 'dark'];
const coloursOf = (dark: boolean): Colours => (dark ? OFFLINE_COLOURS.dark : OFFLINE_COLOURS.light);

/** Every paint property that depends on the theme, so a theme switch repaints without rebuilding the style. */
export const themedPaint = (c: Colours) =>
  [
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

/**
 * Past this zoom the nearest line is beyond the edges of any screen, so the layer is off; MapLibre then loads nothing
 * for its source (one worker job and one repaint fewer while a map opens on a route).
 */
const GRATICULE_MAX_ZOOM = 5;

/** The water: the colour under the canvas, in the given theme. */
export const offlineGround = (dark: boolean) => coloursOf(dark).water;

/** The whole offline style for the given theme. */
export function offlineStyle(dark: boolean): StyleSpecification {
  const c = coloursOf(dark);
  return {
    version: 8,
    name: dark ? 'Switchback offline (dark)' : 'Switchback offline',
    // No 300 ms cross-fades: as a map opens every layer would fade in from its default paint, and MapLibre redraws
    // each frame until that is over (several long frames at a software GPU's pace: check P7). A theme switch snaps.
    transition: { duration: 0, delay: 0 },
    sources: {
      world: { type: 'vector', tiles: [WORLD_TILES_URL], minzoom: 0, maxzoom: WORLD_MAX_ZOOM, attribution: 'Natural Earth' },
      graticule: { type: 'geojson', data: graticule(), maxzoom: WORLD_MAX_ZOOM, tolerance: 0.5 },
    },
    // No background layer: the water is the colour of the map's own box (offlineGround), showing through the canvas
    // wherever there is no land. A background layer is one more full-screen pass and shader program for every frame
    // the engine draws as the map opens (check P7).
    layers: [
      { id: 'graticule', type: 'line', source: 'graticule', maxzoom: GRATICULE_MAX_ZOOM, paint: { 'line-color': c.graticule, 'line-width': 0.75 } },
      // No antialiased edge: the coastline is drawn over it, and the edge is one more shader program to build as the
      // map opens (tens of milliseconds under a software GPU: check P7).
      { id: 'land', type: 'fill', source: 'world', 'source-layer': 'land', paint: { 'fill-color': c.land, 'fill-antialias': false } },
      { id: 'coastline', type: 'line', source: 'world', 'source-layer': 'land', layout: { 'line-join': 'round' }, paint: { 'line-color': c.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.5] } },
      {
        id: 'borders',
        type: 'line',
        source: 'world',
        'source-layer': 'borders',
        layout: { 'line-join': 'round' },
        paint: { 'line-color': c.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.25], 'line-dasharray': [3, 2] },
      },
    ],
  };
}

/** Repaints a map showing the offline style in the other theme. */
export function repaintOffline(map: { setPaintProperty(layer: string, name: string, value: unknown): unknown; getLayer(id: string): unknown }, dark: boolean) {
  for (const [layer, name, value] of themedPaint(coloursOf(dark))) {
    if (map.getLayer(layer)) map.setPaintProperty(layer, name, value);
  }
}
