import type { MapStyle } from '#contract/map-styles';

/** Used only if the list of styles never arrived (no stored copy, API unreachable): Mapbox's own outdoor style. */
export const FALLBACK_MAPBOX_STYLE_URL = 'mapbox://styles/mapbox/outdoors-v12';

/**
 * The style to draw (spec §9): the member's stored choice when it is still on the list, else the list's default,
 * else its last entry (the spec's default), else the fallback.
 */
export function pickMapboxStyle(styles: readonly MapStyle[] | null | undefined, chosen: MapStyle | null): string {
  const list = styles ?? [];
  const stored = chosen && list.find((s) => s.id === chosen.id);
  if (stored) return stored.mapboxStyleUrl;
  if (chosen && list.length === 0) return chosen.mapboxStyleUrl;
  const fallback = list.find((s) => s.isDefault) ?? list[list.length - 1];
  return fallback?.mapboxStyleUrl ?? FALLBACK_MAPBOX_STYLE_URL;
}
