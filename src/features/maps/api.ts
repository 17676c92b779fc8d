import { queryOptions } from '@tanstack/react-query';
import { mapStylesData, type MapStyle } from '#contract/map-styles';
import { api } from '../../lib/api-client';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

export const mapKeys = { styles: ['maps', 'styles'] as const };

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
