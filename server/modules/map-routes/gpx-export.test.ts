import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '#contract/map-routes';
import { events } from '../../db/schema/events';
import { insertEvent } from '../events/event-test-rows';
import { multipartForm } from '../media/test-images';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { gpxFile } from './route-test-helpers';

// "Download GPX" of an event's route (issue 19): a GPX 1.1 file with the route's track, for whoever may see the
// route, named after it; the same 404 as an unknown route for anyone else.

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['signUp']>>;
let ana: Member;
let ben: Member;
beforeAll(async () => {
  t = await createTestApp();
  ana = await t.signUp();
  ben = await t.signUp();
});
afterAll(() => t?.close());

/** A climb above Zermatt with its elevations: [lng, lat, ele]. */
const CLIMB: [number, number, number][] = [
  [7.748, 46.02, 1600],
  [7.752, 46.023, 1640],
  [7.756, 46.025, 1638],
  [7.76, 46.028, 1700],
];

async function uploadGpx(who: Member, file: Buffer, name: string) {
  const form = multipartForm([
    { name: 'file', file, filename: 'climb.gpx', contentType: 'application/gpx+xml' },
    { name: 'sportId', value: '35' },
    { name: 'name', value: name },
  ]);
  return okData(await t.app.inject({ method: 'POST', url: '/api/route', payload: form.payload, headers: { ...form.headers, ...t.bearer(who.token) } }), route);
}

const download = (who: Member | null, routeId: number) =>
  t.app.inject({ method: 'GET', url: `/api/route/${routeId}/route.gpx`, headers: who ? t.bearer(who.token) : {} });

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (tag) => tag === 'trkpt' });
type Trkpt = { lat: string; lon: string; ele?: string };

describe('GET /api/route/:routeId/route.gpx', () => {
  it('is a GPX 1.1 file with one trkpt per point of the route, its elevations and its name, as an attachment', async () => {
    const saved = await uploadGpx(ana, gpxFile({ points: CLIMB }), 'Zermatt climb: Höhenweg & <co>');
    const res = await download(ana, saved.routeId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="zermatt-climb-hohenweg-co.gpx"');

    const gpx = parser.parse(res.body).gpx;
    expect(gpx.version).toBe('1.1');
    expect(gpx.xmlns).toBe('http://www.topografix.com/GPX/1/1');
    expect(gpx.trk.name).toBe('Zermatt climb: Höhenweg & <co>');
    const points = gpx.trk.trkseg.trkpt as Trkpt[];
    expect(points).toHaveLength(saved.coordinates.length);
    expect(points.map((p) => [Number(p.lon), Number(p.lat)])).toEqual(saved.coordinates);
    expect(points.map((p) => Number(p.ele))).toEqual(saved.elevations);
  });

  it('reads back into the same route when uploaded again', async () => {
    const saved = await uploadGpx(ana, gpxFile({ points: CLIMB }), 'Round trip');
    const file = Buffer.from((await download(ana, saved.routeId)).body);
    const again = await uploadGpx(ana, file, 'Round trip again');
    expect(again.coordinates).toEqual(saved.coordinates);
    expect(again.distance).toBeCloseTo(saved.distance, 6);
    expect(again.elevationGain).toBe(saved.elevationGain);
  });

  it('is refused with the unknown route’s 404 to a member who cannot see the route, until an event they may see uses it', async () => {
    const saved = await uploadGpx(ana, gpxFile({ points: CLIMB }), 'Private climb');
    const unknown = await download(ben, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    const refused = await download(ben, saved.routeId);
    expect(refused.statusCode).toBe(404);
    expect(body(refused)).toEqual(body(unknown));
    expect(refused.body).not.toContain('trkpt');

    const inviteOnly = await insertEvent(t.db, ana.userId, { whoCanSee: 'invite' });
    await t.db.update(events).set({ routeId: saved.routeId }).where(eq(events.id, inviteOnly));
    expect((await download(ben, saved.routeId)).statusCode).toBe(404);

    const open = await insertEvent(t.db, ana.userId);
    await t.db.update(events).set({ routeId: saved.routeId }).where(eq(events.id, open));
    const seen = await download(ben, saved.routeId);
    expect(seen.statusCode).toBe(200);
    expect(parser.parse(seen.body).gpx.trk.trkseg.trkpt).toHaveLength(saved.coordinates.length);
  });

  it('needs a signed-in member', async () => {
    const saved = await uploadGpx(ana, gpxFile({ points: CLIMB }), 'Climb');
    expect((await download(null, saved.routeId)).statusCode).toBe(401);
  });
});
