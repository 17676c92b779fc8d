import type { MapStyle } from '#contract/map-styles';

/**
 * The seven styles of spec §9, in its order; the last is the default. The spec names "light" twice: the second is
 * Mapbox's classic light style. Previews are drawings shipped with the app, so the list needs no outside request.
 */
const entries: [string, string, string][] = [
  ['Light', 'mapbox://styles/mapbox/light-v11', 'light'],
  ['Streets', 'mapbox://styles/mapbox/streets-v12', 'streets'],
  ['Outdoors', 'mapbox://styles/mapbox/outdoors-v12', 'outdoors'],
  ['Light (classic)', 'mapbox://styles/mapbox/light-v10', 'light-classic'],
  ['Dark', 'mapbox://styles/mapbox/dark-v11', 'dark'],
  ['Satellite', 'mapbox://styles/mapbox/satellite-v9', 'satellite'],
  ['Satellite streets', 'mapbox://styles/mapbox/satellite-streets-v12', 'satellite-streets'],
];

export const MAP_STYLES: MapStyle[] = entries.map(([name, url, image], i) => ({
  id: i + 1,
  name,
  mapboxStyleUrl: url,
  imageUrl: `/map-styles/${image}.svg`,
  isDefault: i === entries.length - 1,
}));
