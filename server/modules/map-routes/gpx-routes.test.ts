import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GPX_MAX_BYTES, ROUTE_KEPT_POINTS_MAX, route, type LngLat } from '#contract/map-routes';
import { multipartForm } from '../media/test-images';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { gpxFile, vincentyLength, windingTrack } from './route-test-helpers';

// Routes from GPX files (issue 6): figures checked against values computed here, the point and size caps (check 16),
// files that declare a DOCTYPE or entities, and names kept as the plain text they are (check 9).

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp()).token;
});
afterAll(() => t?.close());

const HIKING = 35;

function upload(file: Buffer, fields: Record<string, string> = {}, filename = 'ride.gpx', as = token) {
  const form = multipartForm([
    { name: 'file', file, filename, contentType: 'application/gpx+xml' },
    ...Object.entries({ sportId: String(HIKING), ...fields }).map(([name, value]) => ({ name, value })),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/route', payload: form.payload, headers: { ...form.headers, ...t.bearer(as) } });
}

const read = async (routeId: number) => okData(await t.app.inject({ method: 'GET', url: `/api/route/${routeId}`, headers: t.bearer(token) }), route);

/** A climb above Zermatt with its elevations: [lng, lat, ele]. */
const CLIMB: [number, number, number][] = [
  [7.748, 46.02, 1600],
  [7.752, 46.023, 1640],
  [7.756, 46.025, 1638],
  [7.76, 46.028, 1700],
  [7.765, 46.03, 1680],
  [7.77, 46.032, 1720],
];

function expectFileError(res: { statusCode: number; body: string }, status: number, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const b = JSON.parse(res.body) as { code: number; message: string; errors?: Record<string, string[]> };
  expect(b.code).toBe(status);
  expect(b.message).toMatch(message);
  expect(b.errors?.file?.[0]).toMatch(message);
}

describe('a route from a GPX file', () => {
  it('measures the geodesic distance, and the climb and descent from the file’s elevations', async () => {
    const res = await upload(gpxFile({ name: 'Hörnli approach', points: CLIMB }));
    expect(body(res).message).toBe('Route saved.');
    const saved = okData(res, route);
    const points: LngLat[] = CLIMB.map(([lng, lat]) => [lng, lat]);
    const expected = vincentyLength(points);
    expect(expected).toBeGreaterThan(2000);
    expect(Math.abs(saved.distance - expected)).toBeLessThan(0.06);
    // Up 40, a 2 m dip (under the 3 m noise threshold: not counted), up 60 from 1640, down 20, up 40.
    expect(saved.elevationGain).toBe(1640 - 1600 + (1700 - 1640) + (1720 - 1680));
    expect(saved.elevationLoss).toBe(1700 - 1680);
    // Hiking: 4.5 km/h plus an hour per 600 m climbed.
    expect(saved.expectedTime).toBe(Math.round((expected / 1000 / 4.5 + 140 / 600) * 3600));
    expect(saved).toMatchObject({ name: 'Hörnli approach', source: 'gpx', sportId: HIKING, description: '' });
    // Each point kept carries the file's elevation for it; the ends are always kept.
    expect(saved.coordinates[0]).toEqual(points[0]);
    expect(saved.coordinates.at(-1)).toEqual(points.at(-1));
    expect(saved.elevations).toEqual(saved.coordinates.map((c) => CLIMB.find(([lng, lat]) => lng === c[0] && lat === c[1])![2]));
    expect(await read(saved.routeId)).toEqual(saved);
  });

  it('reads route points (rtept) too, and takes the name given over the file’s', async () => {
    const saved = okData(await upload(gpxFile({ kind: 'rte', name: 'From the file', points: CLIMB }), { name: 'My name' }), route);
    expect(saved.name).toBe('My name');
    expect(saved.elevationGain).toBe(140);
  });

  it('leaves elevations unknown when the file lacks some and no provider is configured', async () => {
    const partial = CLIMB.map(([lng, lat, ele], i) => (i === 2 ? ([lng, lat] as [number, number]) : ([lng, lat, ele] as [number, number, number])));
    const saved = okData(await upload(gpxFile({ points: partial })), route);
    expect(saved).toMatchObject({ elevations: null, elevationGain: null, elevationLoss: null });
    // No climb known: the hike's time is its distance at 4.5 km/h.
    expect(saved.expectedTime).toBe(Math.round((vincentyLength(CLIMB.map(([lng, lat]) => [lng, lat])) / 1000 / 4.5) * 3600));
  });

  it('draws a preview image the media route serves', async () => {
    const saved = okData(await upload(gpxFile({ points: CLIMB })), route);
    expect(saved.staticImage).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\/display\.webp$/);
    const res = await t.app.inject({ method: 'GET', url: saved.staticImage! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([640, 360]);
    // The orange line, the green start and the red end are drawn on the land colour.
    const near = (r: number, g: number, b: number) => {
      let n = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        if (Math.abs(data[i]! - r) < 30 && Math.abs(data[i + 1]! - g) < 30 && Math.abs(data[i + 2]! - b) < 30) n++;
      }
      return n;
    };
    expect(near(234, 88, 12)).toBeGreaterThan(500);
    expect(near(22, 163, 74)).toBeGreaterThan(40);
    expect(near(220, 38, 38)).toBeGreaterThan(40);
    expect(near(233, 238, 224)).toBeGreaterThan(640 * 360 * 0.8);
  });
});

describe('files refused', () => {
  // Each group saves as its own member: saving routes is rate-limited per member (20 a minute).
  beforeAll(async () => {
    token = (await t.signUp()).token;
  });

  it('one with only waypoints, or none: "This file has no track or route"', async () => {
    expectFileError(await upload(gpxFile({ kind: 'wpt', points: CLIMB })), 400, /^This file has no track or route\.$/);
    expectFileError(await upload(gpxFile({ points: [] })), 400, /^This file has no track or route\.$/);
  });

  it('one that is not GPX at all', async () => {
    expectFileError(await upload(Buffer.from('\x89PNG\r\n\x1a\n not a gpx')), 400, /not a GPX file/);
  });

  it('any DOCTYPE or entity declaration, unexpanded (no billion laughs, no external entities)', async () => {
    const laughs = gpxFile({
      prolog: '<!DOCTYPE gpx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n',
      rawName: '&lol2;',
      points: CLIMB,
    });
    expectFileError(await upload(laughs), 400, /DOCTYPE or entity declarations are not accepted/);
    const external = gpxFile({ prolog: '<!DOCTYPE gpx SYSTEM "file:///etc/passwd">\n', points: CLIMB });
    expectFileError(await upload(external), 400, /DOCTYPE or entity declarations are not accepted/);
    const hidden = Buffer.from(gpxFile({ points: CLIMB }).toString().replace('<gpx ', '<!ENTITY x "y"><gpx '));
    expectFileError(await upload(hidden), 400, /DOCTYPE or entity declarations are not accepted/);
  });

  it('check 16: more than 20,000 points is a 400 that says so; 20,000 are kept to at most 2,000', async () => {
    const many = windingTrack(20_001);
    expectFileError(await upload(gpxFile({ points: many })), 400, /too many points: a route can have up to 20,000 points/);
    const most = many.slice(0, 20_000);
    const saved = okData(await upload(gpxFile({ points: most })), route);
    expect(saved.coordinates.length).toBeLessThanOrEqual(ROUTE_KEPT_POINTS_MAX);
    expect(saved.coordinates[0]).toEqual(most[0]);
    expect(saved.coordinates.at(-1)).toEqual(most.at(-1));
    expect(Math.abs(saved.distance - vincentyLength(most))).toBeLessThan(0.06);
  });

  it('check 16: a file over 5 MB is a 413, whether the request declares it or the stream shows it', async () => {
    const padding = (bytes: number) => gpxFile({ points: CLIMB, prolog: `<!-- ${'x'.repeat(bytes)} -->\n` });
    // Declared: refused on the content-length, before the body is read.
    expectFileError(await upload(padding(GPX_MAX_BYTES + 200_000)), 413, /too large: GPX files can be up to 5 MB/);
    // Within the declared allowance, but the file itself passes the limit while streaming.
    const justOver = padding(GPX_MAX_BYTES - 400);
    expect(justOver.length).toBeGreaterThan(GPX_MAX_BYTES);
    expectFileError(await upload(justOver), 413, /too large: GPX files can be up to 5 MB/);
  });

  it('a form without a sport or a file', async () => {
    const res = await upload(gpxFile({ points: CLIMB }), { sportId: 'MTB' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toHaveProperty('sportId');
    const unknownSport = await upload(gpxFile({ points: CLIMB }), { sportId: '999' });
    expect(body(unknownSport).errors).toHaveProperty('sportId');
    const form = multipartForm([{ name: 'sportId', value: '35' }]);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/route', payload: form.payload, headers: { ...form.headers, ...t.bearer(token) } });
    expect(noFile.statusCode).toBe(400);
    expect(body(noFile).errors).toHaveProperty('file');
  });
});

describe('names are plain text (check 9)', () => {
  beforeEach(async () => {
    token = (await t.signUp()).token;
  });
  const corpus = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)>', '<script>alert(1)</script>'];

  it('a GPX name, escaped or in CDATA, is stored as the text it says', async () => {
    for (const text of corpus) {
      const saved = okData(await upload(gpxFile({ name: text, points: CLIMB })), route);
      expect((await read(saved.routeId)).name).toBe(text);
    }
    const cdata = okData(await upload(gpxFile({ rawName: '<![CDATA[<script>alert(1)</script>]]>', points: CLIMB })), route);
    expect(cdata.name).toBe('<script>alert(1)</script>');
    const numeric = okData(await upload(gpxFile({ rawName: '&#60;b&#x3E;bold&#60;/b&#62; &amp; co', points: CLIMB })), route);
    expect(numeric.name).toBe('<b>bold</b> & co');
  });

  it('a file name stands in for a missing name, as text', async () => {
    for (const text of corpus) {
      const saved = okData(await upload(gpxFile({ points: CLIMB }), {}, `${text}.gpx`), route);
      expect((await read(saved.routeId)).name).toBe(text);
    }
  });
});
