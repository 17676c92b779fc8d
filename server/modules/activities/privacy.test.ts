import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDetail, privacySettings } from '#contract/activities';
import { feed } from '#contract/feeds';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { activityHelpers, ridePoints, type Member } from './activity-test-helpers';
import { activityViews } from '../../db/schema/activities';
import { isInsideZone, type StoredZone } from './privacy/privacy-zones';
import { VIEWS_VERSION } from './views/derive-views';
import { garminGpx } from './readers/reader-test-helpers';
import { geodesicDistance } from '../map-routes/geodesy';

// Check 19 through the API: once a member saves a privacy zone around home, nothing anyone else is given of their
// activities (track, charts, splits, bounds, GPX, the map picture, a post's card) has a point inside it, at once and
// for activities imported before the zone; the owner still sees the whole track, with what others miss marked.

let t: TestApp;
const h = activityHelpers(() => t);
let owner: Member;
let stranger: Member;
let activityId: number;

const HOME: [number, number] = [7.4474, 46.948];

beforeAll(async () => {
  t = await createTestApp();
  owner = await h.member({ firstName: 'Maya', lastName: 'Ridge' });
  stranger = await h.member();
  // A ride starting at home and heading away, 400 points 4 s apart (about 11 km).
  activityId = await h.imported(owner, Buffer.from(garminGpx(ridePoints(HOME, 400))), 'from-home.gpx');
});
afterAll(() => t?.close());

async function zonesOf(who: Member) {
  return okData(await h.send('GET', '/api/privacy-zones', who.token), privacySettings);
}

describe('privacy zones', () => {
  it('shows others the whole track before any zone, then nothing inside the zone once saved, at once', async () => {
    const before = await h.track(stranger, activityId);
    expect(before.coordinates[0]).toEqual(HOME);

    const saved = okData(await h.setZones(owner, { zones: [{ label: 'Home', centre: HOME, radius: 400 }], hideEnds: 0 }), privacySettings);
    expect(saved.zones).toEqual([expect.objectContaining({ label: 'Home', radius: 400 })]);
    const zone = saved.zones[0]!;
    // The stored centre is not home: it lies a quarter to a half of the radius away (privacy-zones.ts).
    const offset = geodesicDistance(zone.centre, HOME);
    expect(offset).toBeGreaterThanOrEqual(100 - 0.01);
    expect(offset).toBeLessThanOrEqual(200 + 0.01);
    expect(zone.trimRadius).toBeGreaterThanOrEqual(400 + offset);
    const stored: StoredZone = { centre: zone.centre, radiusM: zone.radius, trimRadiusM: zone.trimRadius };

    // No refresh job has run: the read makes the view again under the new settings.
    const after = await h.track(stranger, activityId);
    const shown = after.coordinates.filter((p): p is [number, number] => p !== null);
    expect(shown.length).toBeGreaterThan(100);
    expect(shown.some((p) => isInsideZone(p, stored))).toBe(false);
    expect(geodesicDistance(shown[0]!, HOME)).toBeGreaterThan(400);
    expect(after.distance[0]).toBe(0);
    expect(after.time[0]).toBe(0);
    const [west, south] = after.bounds!;
    expect(isInsideZone([west, south], stored)).toBe(false);
    expect(after.hiddenRanges).toEqual([]);

    // The detail's splits start where the track shows; the totals stay whole.
    const theirs = await h.detail(stranger, activityId);
    const mine = await h.detail(owner, activityId);
    expect(theirs.hasHiddenParts).toBe(true);
    expect(theirs.distance).toBe(mine.distance);
    const splitSum = (d: typeof theirs) => d.splits.metric.reduce((s, x) => s + x.distance, 0);
    expect(splitSum(theirs)).toBeLessThan(splitSum(mine) - 400);

    // The owner sees every point, with the hidden start marked.
    const own = await h.track(owner, activityId);
    expect(own.coordinates[0]).toEqual(HOME);
    expect(own.hiddenRanges[0]?.[0]).toBe(0);
    expect(own.hiddenRanges[0]![1]).toBeGreaterThan(5);
  });

  it('trims the GPX others download, and gives the owner the whole file', async () => {
    const stored = (await zonesOf(owner)).zones.map((z) => ({ centre: z.centre, radiusM: z.radius, trimRadiusM: z.trimRadius }));
    const theirs = await h.send('GET', `/api/activity/${activityId}/gpx`, stranger.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['content-type']).toMatch(/application\/gpx\+xml/);
    const points = [...theirs.body.matchAll(/lat="([-\d.]+)" lon="([-\d.]+)"/g)].map((m) => [Number(m[2]), Number(m[1])] as [number, number]);
    expect(points.length).toBeGreaterThan(100);
    expect(points.some((p) => stored.some((z) => isInsideZone(p, z)))).toBe(false);
    const own = await h.send('GET', `/api/activity/${activityId}/gpx`, owner.token);
    expect(own.body).toContain(`lat="${HOME[1]}" lon="${HOME[0]}"`);
    expect(own.body).toContain('<gpxtpx:hr>120</gpxtpx:hr>');
  });

  it('serves others’ map picture only as the trimmed one, and the owner’s whole-track picture to the owner alone', async () => {
    const theirs = await h.detail(stranger, activityId);
    const mine = await h.detail(owner, activityId);
    expect(theirs.mapImage).not.toBeNull();
    expect(mine.mapImage).not.toBeNull();
    expect(mine.mapImage).not.toBe(theirs.mapImage);
    const path = (url: string) => url.split('?')[0]!;
    // Public member, public activity: the trimmed picture is every member's; the owner's needs their signature.
    expect((await t.app.inject({ method: 'GET', url: path(theirs.mapImage!) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path(mine.mapImage!) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path(mine.mapImage!), headers: t.bearer(stranger.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: mine.mapImage! })).statusCode).toBe(200);
  });

  it('shows a post sharing the activity with the trimmed picture to others', async () => {
    const post = okData(await h.send('POST', '/api/feed', owner.token, { title: 'Out and back', description: '', isDraft: false, activityId }), feed);
    expect(post.activity).toMatchObject({ id: activityId, title: expect.any(String) });
    const seen = okData(await h.send('GET', `/api/feed/${post.id}`, stranger.token), feed);
    const theirs = await h.detail(stranger, activityId);
    expect(seen.activity).toMatchObject({ id: activityId, distance: theirs.distance, mapImage: theirs.mapImage });
    expect(seen.activity!.mapImage).not.toBe(post.activity!.mapImage);
    // Another member's activity cannot be shared.
    const res = await h.send('POST', '/api/feed', stranger.token, { title: 'Not mine', description: '', isDraft: false, activityId });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ activityId: ['That activity does not exist.'] });
  });

  it('keeps a zone’s place when its label changes, hides the ends too, and refuses a zone that is not the member’s', async () => {
    const [zone] = (await zonesOf(owner)).zones;
    const renamed = okData(await h.setZones(owner, { zones: [{ id: zone!.id, label: 'Flat' }], hideEnds: 1000 }), privacySettings);
    expect(renamed).toEqual({ zones: [{ ...zone, label: 'Flat' }], hideEnds: 1000 });
    const ends = await h.track(stranger, activityId);
    const last = ends.coordinates.filter((p) => p !== null).at(-1)!;
    const own = await h.track(owner, activityId);
    // The last kilometre is gone for others.
    expect(geodesicDistance(last, own.coordinates.at(-1)!)).toBeGreaterThan(900);

    const res = await h.setZones(stranger, { zones: [{ id: zone!.id, label: 'Mine now' }], hideEnds: 0 });
    expect(res.statusCode).toBe(400);
    expect((await zonesOf(owner)).zones[0]!.label).toBe('Flat');
    const tooMany = await h.setZones(owner, { zones: Array.from({ length: 6 }, () => ({ label: 'x', centre: HOME, radius: 300 })), hideEnds: 0 });
    expect(tooMany.statusCode).toBe(400);
    expect(okData(await h.detailCall(owner, activityId), activityDetail).hasHiddenParts).toBe(true);
  });

  it('shows others the whole track again once the zones are gone', async () => {
    okData(await h.setZones(owner, { zones: [], hideEnds: 0 }), privacySettings);
    await t.app.deps.jobs.drain();
    const again = await h.track(stranger, activityId);
    expect(again.coordinates[0]).toEqual(HOME);
    expect((await h.detail(stranger, activityId)).hasHiddenParts).toBe(false);
  });

  it('makes a view again when the code that made it was older (views_version), as for older settings', async () => {
    const fresh = await h.track(stranger, activityId);
    // As an older release left it: another version, and a track it would no longer draw.
    const stale = JSON.stringify({ ...fresh, activityId: undefined, coordinates: [] });
    await t.db.update(activityViews).set({ viewsVersion: VIEWS_VERSION - 1, track: stale }).where(eq(activityViews.activityId, activityId));
    expect(await h.track(stranger, activityId)).toEqual(fresh);
    const rows = await t.db.select({ viewsVersion: activityViews.viewsVersion }).from(activityViews).where(eq(activityViews.activityId, activityId));
    expect(rows.map((r) => r.viewsVersion)).toEqual([VIEWS_VERSION, VIEWS_VERSION]);
  });
});
