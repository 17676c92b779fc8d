import { queryOptions } from '@tanstack/react-query';
import { mapStylesData, type MapStyle } from '#contract/map-styles';
import { placeList } from '#contract/places';
import { api } from '../../lib/api-client';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

export const mapKeys = { styles: ['maps', 'styles'] as const, places: (q: string) => ['maps', 'places', q] as const };

/**
 * `GET /api/places?q=`: towns and places by name (the server's geocoder, else its bundled towns), to aim a map. A
 * name's places do not change: asked once per visit.
 */
export const placesQuery = (q: string) =>
  queryOptions({
    queryKey: mapKeys.places(q),
    queryFn: ({ signal }) => api.get(placeList, 'places', { searchParams: { q }, signal }).then((r) => r.data),
    enabled: q.length > 0,
    staleTime: Infinity,
    // A search that fails says so beside the box; a toast per keystroke would be noise.
    meta: { silent: true },
  });

/** Spec §2/§9: loaded once per signed-in start and kept under `mapbox_styles` / `default_mapbox_style`. */
export const mapStylesQuery = queryOptions({
  queryKey: mapKeys.styles,
  queryFn: async ({ signal }) => {
    const { data } = await api.get(mapStylesData, 'mapboxStyleUrl', { signal });
    writeJson(STORAGE_KEYS.mapboxStyles, data);
    const fallback = data.find((s) => s.isDefault) ?? data[data.length - 1];
    // A member's own earlier choice of default survives a reload.
    const chosen = readJson<MapStyle>(STORAGE_KEYS.defaultMapboxStyle);
    if (!chosen || !data.some((s) => s.id === chosen.id)) writeJson(STORAGE_KEYS.defaultMapboxStyle, fallback);
    return data;
  },
  staleTime: Infinity,
  meta: { silent: true },
});
