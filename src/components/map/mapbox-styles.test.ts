import { describe, expect, it } from 'vitest';
import type { MapStyle } from '#contract/map-styles';
import { FALLBACK_MAPBOX_STYLE_URL, pickMapboxStyle } from './mapbox-styles';

const style = (id: number, name: string, isDefault = false): MapStyle => ({
  id,
  name,
  mapboxStyleUrl: `mapbox://styles/mapbox/${name}`,
  imageUrl: `/img/${name}.png`,
  isDefault,
});
const styles = [style(1, 'light-v11'), style(2, 'outdoors-v12'), style(7, 'satellite-streets-v12', true)];

describe('pickMapboxStyle', () => {
  it('uses the member’s stored choice while it is still offered', () => {
    expect(pickMapboxStyle(styles, style(2, 'outdoors-v12'))).toBe('mapbox://styles/mapbox/outdoors-v12');
  });

  it('falls back to the list’s default, then its last style, when the choice is gone or missing', () => {
    expect(pickMapboxStyle(styles, style(99, 'gone'))).toBe('mapbox://styles/mapbox/satellite-streets-v12');
    expect(pickMapboxStyle(styles, null)).toBe('mapbox://styles/mapbox/satellite-streets-v12');
    expect(pickMapboxStyle([style(1, 'a'), style(2, 'b')], null)).toBe('mapbox://styles/mapbox/b');
  });

  it('keeps a stored choice when the list has not arrived, and has a style even with neither', () => {
    expect(pickMapboxStyle(undefined, style(2, 'outdoors-v12'))).toBe('mapbox://styles/mapbox/outdoors-v12');
    expect(pickMapboxStyle(null, null)).toBe(FALLBACK_MAPBOX_STYLE_URL);
  });
});
