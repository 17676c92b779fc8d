import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapStylesData } from '#contract/map-styles';
import { createTestApp, okData, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/mapboxStyleUrl', () => {
  it('lists the seven styles of spec §9 with the last as the default, without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mapboxStyleUrl' });
    const styles = okData(res, mapStylesData);
    expect(styles).toHaveLength(7);
    expect(styles.map((s) => s.isDefault)).toEqual([false, false, false, false, false, false, true]);
    expect(new Set(styles.map((s) => s.id)).size).toBe(7);
    for (const style of styles) {
      expect(style.mapboxStyleUrl).toMatch(/^mapbox:\/\/styles\/mapbox\/[a-z0-9-]+$/);
      // Previews ship with the app: no outside request.
      expect(style.imageUrl).toMatch(/^\/map-styles\/[a-z-]+\.svg$/);
    }
    expect(styles.at(-1)!.mapboxStyleUrl).toBe('mapbox://styles/mapbox/satellite-streets-v12');
  });
});
