import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locationInfo, route, type LngLat } from '#contract/map-routes';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { startMapboxStandIn, type MapboxStandIn } from './mapbox-stand-in';
import { createMapsService, type MapsLog } from './maps-service';

// The maps service against a local stand-in speaking Mapbox's formats (nothing leaves the machine), and with no
// provider. A failing provider is logged and answers null, and the token never reaches a log line.

const TOKEN = 'pk.test-SECRET-token-0123456789abcdef';

/** A logger that keeps what it is given, as the text a log line would carry. */
function captureLog() {
  const lines: string[] = [];
  const log = { warn: (obj: unknown, msg?: string) => lines.push(`${msg ?? ''} ${JSON.stringify(obj)}`) } as unknown as MapsLog;
  return { log, lines };
}

/** Elevation of the stand-in's terrain: rises 1 m per 10 m eastwards from 7.70° E (about 77 m per 0.001°). */
const terrain = (lng: number) => 1200 + (lng - 7.7) * 77_000 * 0.1;
/** What a contour tile query answers for it: the highest 10 m contour at or below the point. */
const contourAt = (lng: number) => Math.floor(terrain(lng) / 10) * 10;

let standIn: MapboxStandIn;
beforeAll(async () => {
  standIn = await startMapboxStandIn({
    delayMs: 5,
    elevation: (lng) => terrain(lng),
    place: (lng) =>
      lng > 0
        ? { address: '5 Bahnhofstrasse', postcode: '3920', locality: 'Oberdorf', place: 'Zermatt', region: 'Valais', country: 'Switzerland' }
        : { address: '10 Downing Street', postcode: 'SW1A 2AA', place: 'London', region: 'England', country: 'United Kingdom' },
  });
});
afterEach(() => standIn.reset());
afterAll(() => standIn?.close());

const mapbox = (log: MapsLog, limits?: { timeoutMs?: number; totalTimeoutMs?: number }) =>
  createMapsService({ mapbox: { token: TOKEN, apiUrl: standIn.url } }, log, limits);

describe('the maps service with Mapbox (a local stand-in)', () => {
  it('reverse geocodes: locality, place as city, region as state, country, a zip of 1–6 digits, place_name as address', async () => {
    const { log, lines } = captureLog();
    const info = await mapbox(log).reverseGeocode(7.7491, 46.0207);
    expect(info).toEqual({
      lng: 7.7491,
      lat: 46.0207,
      locality: 'Oberdorf',
      city: 'Zermatt',
      state: 'Valais',
      country: 'Switzerland',
      zipcode: '3920',
      address: '5 Bahnhofstrasse, 3920, Oberdorf, Zermatt, Valais, Switzerland',
    });
    const [asked] = standIn.requests;
    expect(asked!.pathname).toBe('/geocoding/v5/mapbox.places/7.7491,46.0207.json');
    expect(asked!.searchParams.get('access_token')).toBe(TOKEN);
    expect(asked!.searchParams.get('types')!.split(',')).toEqual(expect.arrayContaining(['locality', 'place', 'region', 'country', 'postcode']));
    expect(lines).toEqual([]);
  });

  // Issue 19: spec §5's 1–6 digits dropped every UK postcode; any country's postcode shape is kept now.
  it('keeps a UK postcode', async () => {
    const info = await mapbox(captureLog().log).reverseGeocode(-0.1276, 51.5034);
    expect(info).toMatchObject({ city: 'London', country: 'United Kingdom', zipcode: 'SW1A 2AA', locality: null });
  });

  it('gives elevations from terrain contours: the highest contour under each point, limit 1–50 and radius 1 (spec §5/§9)', async () => {
    const line: LngLat[] = [
      [7.7, 46.02],
      [7.701, 46.021],
      [7.7035, 46.0215],
    ];
    const values = await mapbox(captureLog().log).elevations(line);
    expect(values).toEqual(line.map(([lng]) => contourAt(lng)));
    expect(standIn.requests.map((u) => u.pathname).sort()).toEqual(
      ['7.7,46.02', '7.701,46.021', '7.7035,46.0215'].map((at) => `/v4/mapbox.mapbox-terrain-v2/tilequery/${at}.json`),
    );
    for (const asked of standIn.requests) {
      expect(asked.searchParams.get('layers')).toBe('contour');
      const limit = Number(asked.searchParams.get('limit'));
      expect(limit).toBeGreaterThanOrEqual(1);
      expect(limit).toBeLessThanOrEqual(50);
      expect(asked.searchParams.get('radius')).toBe('1');
      expect(asked.searchParams.get('access_token')).toBe(TOKEN);
    }
  });

  it('samples a long line at most 100 times, a few at a time, and interpolates the points between', async () => {
    // 1,000 points due east, evenly spaced: the terrain rises steadily along the line.
    const line: LngLat[] = Array.from({ length: 1000 }, (_, i) => [7.7 + i * 0.00001, 46.02]);
    const values = await mapbox(captureLog().log).elevations(line);
    expect(standIn.requests.length).toBeLessThanOrEqual(100);
    expect(standIn.requests.length).toBeGreaterThan(10);
    expect(standIn.maxInFlight).toBeLessThanOrEqual(8);
    expect(values).toHaveLength(1000);
    expect(values![0]).toBe(contourAt(7.7));
    expect(values![999]).toBe(contourAt(7.7 + 999 * 0.00001));
    // Between samples the values follow the terrain to within a contour step.
    line.forEach(([lng], i) => expect(Math.abs(values![i]! - terrain(lng))).toBeLessThanOrEqual(10));
  });

  it.each([
    ['answers 500', 'error'],
    ['answers garbage', 'garbage'],
    ['answers JSON of another shape', 'wrong-shape'],
  ] as const)('logs and answers null when the provider %s, never logging the token', async (_what, mode) => {
    standIn.setMode(mode);
    const { log, lines } = captureLog();
    const maps = mapbox(log);
    expect(await maps.reverseGeocode(7.7491, 46.0207)).toBeNull();
    expect(await maps.elevations([[7.7, 46.02], [7.71, 46.03]])).toBeNull();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('geocoding');
    expect(lines[1]).toContain('tilequery');
    for (const line of lines) expect(line).not.toContain(TOKEN);
  });

  it('gives up on a provider that hangs past the timeout: logged, null, and soon', async () => {
    standIn.setMode('hang');
    const { log, lines } = captureLog();
    const maps = mapbox(log, { timeoutMs: 200, totalTimeoutMs: 400 });
    const started = Date.now();
    expect(await maps.reverseGeocode(7.7491, 46.0207)).toBeNull();
    expect(await maps.elevations(Array.from({ length: 300 }, (_, i) => [7.7 + i * 0.0001, 46.02] as LngLat))).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toMatch(/timeout|abort/i);
    for (const line of lines) expect(line).not.toContain(TOKEN);
  });

  it('logs and answers null when nothing listens at the provider address', async () => {
    const { log, lines } = captureLog();
    const gone = createMapsService({ mapbox: { token: TOKEN, apiUrl: 'http://127.0.0.1:9' } }, log, { timeoutMs: 1000 });
    expect(await gone.reverseGeocode(1, 2)).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(TOKEN);
  });
});

describe('the maps service with no provider', () => {
  it('answers null to everything, asks nobody and logs nothing', async () => {
    const { log, lines } = captureLog();
    const none = createMapsService({ mapbox: undefined }, log);
    expect(none.provider).toBe('none');
    expect(await none.reverseGeocode(7.7, 46)).toBeNull();
    expect(await none.elevations([[7.7, 46], [7.71, 46.01]])).toBeNull();
    expect(lines).toEqual([]);
    expect(standIn.requests).toEqual([]);
  });
});

describe('through the API, with the stand-in configured', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAPBOX_TOKEN: TOKEN, MAPBOX_API_URL: standIn.url } });
    token = (await t.signUp()).token;
  });
  afterAll(() => t?.close());

  it('GET /api/getMapboxZipCode answers the place; a provider failure answers every field null (spec §8)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getMapboxZipCode?lat=46.0207&lng=7.7491', headers: t.bearer(token) });
    expect(okData(res, locationInfo)).toMatchObject({ lng: 7.7491, lat: 46.0207, city: 'Zermatt', state: 'Valais', zipcode: '3920' });
    standIn.setMode('error');
    const failed = await t.app.inject({ method: 'GET', url: '/api/getMapboxZipCode?lat=46.0207&lng=7.7491', headers: t.bearer(token) });
    expect(okData(failed, locationInfo)).toEqual({ lng: 7.7491, lat: 46.0207, locality: null, city: null, state: null, country: null, zipcode: null, address: null });
  });

  it('a drawn route gets its elevations, gain and loss from the provider along the whole line', async () => {
    // Two clicks, 1 km apart due east: the climb between them is found by sampling along the line, not only at the clicks.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/route',
      headers: t.bearer(token),
      payload: { name: 'East ridge', sportId: 53, coordinates: [[7.7, 46.02], [7.713, 46.02]] },
    });
    const saved = okData(res, route);
    expect(saved.elevations).toEqual([contourAt(7.7), contourAt(7.713)]);
    const climb = contourAt(7.713) - contourAt(7.7);
    // Sampled every few metres of a steady climb: found whole, give or take one contour step at either end.
    expect(Math.abs(saved.elevationGain! - climb)).toBeLessThanOrEqual(10);
    expect(saved.elevationLoss).toBe(0);
    expect(standIn.requests.length).toBeLessThanOrEqual(100);
  });

  it('a provider failure leaves the route without elevations but saves it', async () => {
    standIn.setMode('garbage');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/route',
      headers: t.bearer(token),
      payload: { sportId: 53, coordinates: [[7.7, 46.02], [7.71, 46.02]] },
    });
    expect(okData(res, route)).toMatchObject({ elevations: null, elevationGain: null, elevationLoss: null });
    expect(body(res).message).toBe('Route saved.');
  });
});
