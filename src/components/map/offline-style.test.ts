import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it, vi } from 'vitest';
import { graticule, OFFLINE_COLOURS, offlineGround, offlineStyle, repaintOffline } from './offline-style';

describe('offline map style', () => {
  it('asks for nothing over the network: no glyphs or sprite, tiles only from the app’s own worker, and no text layers', () => {
    const style = offlineStyle(false);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.sources.world).toMatchObject({ type: 'vector', tiles: ['world://{z}/{x}/{y}'] });
    expect(style.sources.graticule).toMatchObject({ type: 'geojson', data: { type: 'FeatureCollection' } });
    expect(JSON.stringify(style)).not.toMatch(/https?:|mapbox:|blob:/);
    expect(style.layers.map((l) => l.type)).not.toContain('symbol');
    expect(style.layers.map((l) => l.id)).toEqual(['graticule', 'land', 'coastline', 'borders']);
  });

  it('is a valid MapLibre style in both themes (the map takes it unchecked: libre-map.tsx)', () => {
    expect(validateStyleMin(offlineStyle(false))).toEqual([]);
    expect(validateStyleMin(offlineStyle(true))).toEqual([]);
    const broken = offlineStyle(false);
    broken.layers.push({ id: 'land', type: 'fill', source: 'nowhere' });
    expect(validateStyleMin(broken).map((e) => e.message).join('\n')).toMatch(/duplicate layer id "land"|source "nowhere" not found/);
  });

  it('paints in the app’s theme and repaints the same layers on a switch; the water is the ground under the canvas', () => {
    const land = (s: ReturnType<typeof offlineStyle>) => (s.layers.find((l) => l.id === 'land') as unknown as { paint: Record<string, string> }).paint['fill-color'];
    expect(land(offlineStyle(false))).toBe(OFFLINE_COLOURS.light.land);
    expect(land(offlineStyle(true))).toBe(OFFLINE_COLOURS.dark.land);
    expect(offlineGround(false)).toBe(OFFLINE_COLOURS.light.water);
    expect(offlineGround(true)).toBe(OFFLINE_COLOURS.dark.water);

    const map = { getLayer: vi.fn(() => ({})), setPaintProperty: vi.fn() };
    repaintOffline(map, true);
    expect(map.setPaintProperty).toHaveBeenCalledWith('land', 'fill-color', OFFLINE_COLOURS.dark.land);
    expect(map.setPaintProperty).toHaveBeenCalledWith('borders', 'line-color', OFFLINE_COLOURS.dark.border);
    expect(map.setPaintProperty).toHaveBeenCalledTimes(4);
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
