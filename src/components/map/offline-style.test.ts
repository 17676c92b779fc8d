import { describe, expect, it, vi } from 'vitest';
import { graticule, OFFLINE_COLOURS, offlineStyle, repaintOffline, type WorldShapes } from './offline-style';

const world: WorldShapes = {
  land: {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [[[0, 0], [10, 0], [10, 10], [0, 0]]] },
  },
  borders: { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: [[[5, 0], [5, 10]]] } },
};

describe('offline map style', () => {
  it('asks for nothing over the network: no glyphs, sprite, tiles or URLs, and no text layers', () => {
    const style = offlineStyle(world, false);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson');
      expect(typeof (source as { data: unknown }).data).toBe('object'); // held in the page, not a URL
    }
    expect(JSON.stringify(style)).not.toMatch(/https?:|mapbox:|\/\//);
    expect(style.layers.map((l) => l.type)).not.toContain('symbol');
    expect(style.layers.map((l) => l.id)).toEqual(['water', 'graticule', 'land', 'coastline', 'borders']);
  });

  it('paints in the app’s theme and repaints the same layers on a switch', () => {
    const light = offlineStyle(world, false);
    const dark = offlineStyle(world, true);
    const water = (s: typeof light) => (s.layers[0] as unknown as { paint: Record<string, string> }).paint['background-color'];
    expect(water(light)).toBe(OFFLINE_COLOURS.light.water);
    expect(water(dark)).toBe(OFFLINE_COLOURS.dark.water);

    const map = { getLayer: vi.fn(() => ({})), setPaintProperty: vi.fn() };
    repaintOffline(map, true);
    expect(map.setPaintProperty).toHaveBeenCalledWith('water', 'background-color', OFFLINE_COLOURS.dark.water);
    expect(map.setPaintProperty).toHaveBeenCalledWith('land', 'fill-color', OFFLINE_COLOURS.dark.land);
    expect(map.setPaintProperty).toHaveBeenCalledTimes(5);
  });

  it('draws a graticule every 15° within Web Mercator’s latitudes', () => {
    const lines = graticule().features;
    const meridians = lines.filter((f) => f.geometry.coordinates.every(([lng]) => lng === f.geometry.coordinates[0]![0]));
    expect(meridians).toHaveLength(25); // -180..180
    expect(lines).toHaveLength(25 + 11); // parallels -75..75
    for (const f of lines) for (const [lng, lat] of f.geometry.coordinates) {
      expect(Math.abs(lng!)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat!)).toBeLessThanOrEqual(85);
    }
  });
});
