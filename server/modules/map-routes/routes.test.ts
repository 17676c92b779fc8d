import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationInfo, route, simplifiedLine, type LngLat } from '#contract/map-routes';
import { eventInvites, events } from '../../db/schema/events';
import { uploads } from '../../db/schema/media';
import type { Storage } from '../../lib/storage/storage';
import { exportSections } from '../account/export-sections';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { elevationGainLoss } from './elevation';
import { metresFromLine, vincentyLength, windingTrack } from './route-test-helpers';
import { saveRoute } from './service';
import { simplifyLine } from './simplify';
import { newSubject } from '../subjects/subject-rows';

// Drawn routes, who may read a route, simplification (endpoints kept, every point within the tolerance, measured
// here independently), elevation gain and loss, and reverse geocoding with no provider configured.

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

const MTB = 53;
const DRAWN: LngLat[] = [
  [-122.4194, 37.7749],
  [-122.4094, 37.7849],
  [-122.3994, 37.7799],
];

const send = (method: 'GET' | 'POST', url: string, who: Member | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? t.bearer(who.token) : {}, ...(payload ? { payload } : {}) });
const draw = async (who: Member, payload: object = {}) => okData(await send('POST', '/api/route', who, { name: 'Bay loop', sportId: MTB, coordinates: DRAWN, ...payload }), route);

describe('a drawn route', () => {
  it('is measured on the ellipsoid, kept with its ends, timed by its sport, and has unknown elevations without a provider', async () => {
    const res = await send('POST', '/api/route', ana, { name: '  Bay loop  ', description: 'Fog likely', sportId: MTB, coordinates: DRAWN });
    expect(body(res).message).toBe('Route saved.');
    const saved = okData(res, route);
    const expected = vincentyLength(DRAWN);
    expect(Math.abs(saved.distance - expected)).toBeLessThan(0.06);
    expect(saved).toMatchObject({
      name: 'Bay loop',
      description: 'Fog likely',
      sportId: MTB,
      source: 'drawn',
      coordinates: DRAWN,
      elevations: null,
      elevationGain: null,
      elevationLoss: null,
    });
    // Mountain biking at 14 km/h.
    expect(saved.expectedTime).toBe(Math.round((expected / 1000 / 14) * 3600));
    expect(saved.staticImage).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\/display\.webp$/);
    expect(okData(await send('GET', `/api/route/${saved.routeId}`, ana), route)).toEqual(saved);
  });

  it('refuses an unknown sport, a single point, too many points, extra fields and a signed-out caller', async () => {
    const unknownSport = await send('POST', '/api/route', ana, { sportId: 999, coordinates: DRAWN });
    expect(unknownSport.statusCode).toBe(400);
    expect(body(unknownSport).errors).toHaveProperty('sportId');
    const one = await send('POST', '/api/route', ana, { sportId: MTB, coordinates: [DRAWN[0]] });
    expect(one.statusCode).toBe(400);
    expect(JSON.stringify(body(one).errors)).toContain('A route needs at least two points.');
    // Check 16: the point cap holds for drawn lines too.
    const many = await send('POST', '/api/route', ana, { sportId: MTB, coordinates: windingTrack(20_001) });
    expect(many.statusCode).toBe(400);
    const extra = await send('POST', '/api/route', ana, { sportId: MTB, coordinates: DRAWN, userId: ben.userId });
    expect(extra.statusCode).toBe(400);
    expect((await send('POST', '/api/route', null, { sportId: MTB, coordinates: DRAWN })).statusCode).toBe(401);
  });

  it('stores the XSS corpus in its name and description as the same plain text', async () => {
    const member = await t.signUp();
    for (const text of ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)>', '<script>alert(1)</script>']) {
      const saved = await draw(member, { name: text, description: text });
      const read = okData(await send('GET', `/api/route/${saved.routeId}`, member), route);
      expect([read.name, read.description]).toEqual([text, text]);
    }
  });

  it('is saved without a preview when the image cannot be stored (logged)', async () => {
    const warnings: unknown[] = [];
    const broken: Storage = { ...t.app.deps.storage, put: async () => Promise.reject(new Error('disk full')) };
    const saved = await saveRoute({ ...t.app.deps, storage: broken }, ana.userId, { sportId: MTB, coordinates: DRAWN }, { log: { warn: (o: unknown) => warnings.push(o) } as never });
    expect(saved.staticImage).toBeNull();
    expect(saved.distance).toBeGreaterThan(0);
    expect(warnings).toHaveLength(1);
  });
});

describe('who may read a route (GET /api/route/:routeId)', () => {
  /** An event of `organiser`'s using `routeId`. */
  async function eventWith(organiser: Member, routeId: number, opts: { whoCanSee?: 'public' | 'followers' | 'invite'; isDraft?: boolean } = {}) {
    const now = t.clock.now();
    const isDraft = opts.isDraft ?? false;
    const [row] = await t.db
      .insert(events)
      .values({
        userId: organiser.userId,
        subjectId: await newSubject(t.db, 'event', organiser.userId),
        eventName: 'Group ride',
        sportId: MTB,
        difficulty: 'moderate',
        icon: 'bike',
        isDraft,
        publishedAt: isDraft ? null : now,
        whoCanSee: opts.whoCanSee ?? 'public',
        startsAt: new Date(now.getTime() + 86_400_000),
        endsAt: new Date(now.getTime() + 90_000_000),
        timeZone: 'Europe/Zurich',
        routeId,
      })
      .returning({ id: events.id });
    return row!.id;
  }

  it('another member gets the same 404 as for a route that does not exist', async () => {
    const mine = await draw(ana);
    const unknown = await send('GET', '/api/route/2000000000', ben);
    expect(unknown.statusCode).toBe(404);
    const res = await send('GET', `/api/route/${mine.routeId}`, ben);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual(body(unknown));
    expect(body(res).message).toBe('That route does not exist.');
  });

  it('follows the events that use it: a public event shows it; a draft or invite-only one does not, unless invited', async () => {
    const draft = await draw(ana);
    await eventWith(ana, draft.routeId, { isDraft: true });
    expect((await send('GET', `/api/route/${draft.routeId}`, ben)).statusCode).toBe(404);

    const inviteOnly = await draw(ana);
    const eventId = await eventWith(ana, inviteOnly.routeId, { whoCanSee: 'invite' });
    expect((await send('GET', `/api/route/${inviteOnly.routeId}`, ben)).statusCode).toBe(404);
    await t.db.insert(eventInvites).values({ eventId, userId: ben.userId, invitedBy: ana.userId });
    expect(okData(await send('GET', `/api/route/${inviteOnly.routeId}`, ben), route).routeId).toBe(inviteOnly.routeId);

    const open = await draw(ana);
    await eventWith(ana, open.routeId);
    expect(okData(await send('GET', `/api/route/${open.routeId}`, ben), route)).toEqual(open);
  });

  it('its preview image is attached to it, so the sweeper keeps it', async () => {
    const saved = await draw(ana);
    const key = /^\/media\/([^/]+)\//.exec(saved.staticImage!)![1]!;
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(upload).toMatchObject({ userId: ana.userId, purpose: 'route' });
    expect(upload!.attachedAt).not.toBeNull();
  });

  it('the owner’s routes are in their data export, and only theirs', async () => {
    const member = await t.signUp();
    const saved = await draw(member, { name: 'Export me' });
    const section = exportSections.find((s) => s.name === 'routes')!;
    const rows = (await section.collect(t.db, member.userId)) as { routeId: number; name: string; coordinates: LngLat[] }[];
    expect(rows).toEqual([expect.objectContaining({ routeId: saved.routeId, name: 'Export me', coordinates: DRAWN })]);
  });
});

describe('simplification', () => {
  /** Every point of `original` within `tolerance` metres of `kept`, measured here; the ends kept; order kept. */
  function expectFaithful(original: LngLat[], kept: LngLat[], tolerance: number) {
    expect(kept[0]).toEqual(original[0]);
    expect(kept.at(-1)).toEqual(original.at(-1));
    let at = 0;
    for (const p of kept) {
      // A subsequence: each kept point is an original point, in order.
      while (at < original.length && (original[at]![0] !== p[0] || original[at]![1] !== p[1])) at++;
      expect(at, `kept point ${JSON.stringify(p)} is not an original point in order`).toBeLessThan(original.length);
    }
    const worst = Math.max(...original.map((p) => metresFromLine(p, kept)));
    expect(worst).toBeLessThanOrEqual(tolerance);
    return worst;
  }

  it.each([2, 5, 25])('POST /api/simplifyGeoJson at %s m keeps the ends and every point within the tolerance', async (tolerance) => {
    const track = windingTrack(3000, [7.748, 46.02], 8, tolerance);
    const res = await send('POST', '/api/simplifyGeoJson', ana, { coordinates: track, tolerance });
    const line = okData(res, simplifiedLine);
    expect(line.coordinates.length).toBeLessThan(track.length / 3);
    const worst = expectFaithful(track, line.coordinates, tolerance);
    // Not trivially faithful: the points dropped reach out towards the tolerance.
    expect(worst).toBeGreaterThan(tolerance * 0.5);
    expect(Math.abs(line.distance - vincentyLength(track))).toBeLessThan(0.06);
  });

  it('raises the tolerance when too many points would be kept, and holds to the one it used', () => {
    const track = windingTrack(5000, [-122.4194, 37.7749], 8, 3);
    const result = simplifyLine(track, 1, 50);
    expect(result.points.length).toBeLessThanOrEqual(50);
    expect(result.tolerance).toBeGreaterThan(1);
    expectFaithful(track, result.points, result.tolerance);
  });

  it('keeps the ends of a line that comes back to where it started, and a two-point line as it is', () => {
    const loop: LngLat[] = [...windingTrack(400, [10, 50], 10, 9), [10, 50]];
    expectFaithful(loop, simplifyLine(loop, 5).points, 5);
    expect(simplifyLine(DRAWN.slice(0, 2), 5).points).toEqual(DRAWN.slice(0, 2));
  });
});

describe('elevation gain and loss', () => {
  it('sum real climbs and descents, ignoring wobbles under 3 m', () => {
    // 100 → 110 and 110 → 120 are climbs, 120 → 90 a descent; the ±1–2 m steps around 100 and 110 are noise.
    expect(elevationGainLoss([100, 101, 99, 100, 110, 108, 120, 90])).toEqual({ gain: 110 - 100 + (120 - 110), loss: 120 - 90 });
    // A slow, steady climb of 1 m a point is counted whole, in 3 m steps, not lost as noise.
    expect(elevationGainLoss([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ gain: 9, loss: 0 });
    expect(elevationGainLoss([])).toEqual({ gain: 0, loss: 0 });
  });
});

describe('GET /api/getMapboxZipCode with no geocoder configured', () => {
  it('answers every field null with the point echoed, for signed-in members only', async () => {
    const res = await send('GET', '/api/getMapboxZipCode?lat=46.0207&lng=7.7491', ana);
    expect(okData(res, locationInfo)).toEqual({ lng: 7.7491, lat: 46.0207, locality: null, city: null, state: null, country: null, zipcode: null, address: null });
    expect((await send('GET', '/api/getMapboxZipCode?lat=46&lng=7', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/getMapboxZipCode?lat=91&lng=7', ana)).statusCode).toBe(400);
  });

  it('is rate-limited per member', async () => {
    const member = await t.signUp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await send('GET', '/api/getMapboxZipCode?lat=46&lng=7', member)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Another member is not held back by that one.
    expect((await send('GET', '/api/getMapboxZipCode?lat=46&lng=7', ben)).statusCode).toBe(200);
  });
});
