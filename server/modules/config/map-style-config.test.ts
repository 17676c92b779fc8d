import { afterAll, describe, expect, it } from 'vitest';
import { publicConfigData } from '#contract/runtime-config';
import { loadConfig } from '../../config';
import { createTestApp, okData, type TestApp } from '../../test/test-app';

// MAP_STYLE_URL (issue 19): the MapLibre styles browsers draw, handed to them in the runtime config.

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

const configOf = async (env: Record<string, string>) => {
  const t = await createTestApp({ env });
  apps.push(t);
  return okData(await t.app.inject({ method: 'GET', url: '/api/config' }), publicConfigData);
};

describe('MAP_STYLE_URL', () => {
  it('defaults to OpenFreeMap’s OpenStreetMap style, which needs no key', () => {
    expect(loadConfig({}).mapStyleUrls).toEqual(['https://tiles.openfreemap.org/styles/liberty']);
  });

  it('hands browsers the listed styles in order, or none with `offline`', async () => {
    const two = 'https://tiles.openfreemap.org/styles/liberty, https://tiles.example.org/outdoor/style.json';
    expect((await configOf({ MAP_STYLE_URL: two })).mapStyleUrls).toEqual(['https://tiles.openfreemap.org/styles/liberty', 'https://tiles.example.org/outdoor/style.json']);
    expect(await configOf({ MAP_STYLE_URL: 'offline' })).not.toHaveProperty('mapStyleUrls');
  });

  it('refuses at start what is not a list of http(s) URLs, naming the setting', () => {
    expect(() => loadConfig({ MAP_STYLE_URL: 'tiles.example.org/style.json' })).toThrow(/MAP_STYLE_URL: use http\(s\) style URLs/);
    expect(() => loadConfig({ MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow(/MAP_STYLE_URL/);
  });
});
