import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDetail } from '#contract/activities';
import { feed, FEED_CREATED } from '#contract/feeds';
import { gear as gearSchema, gearPickable, sportEquipmentOptions, sportTypes, GEAR_CREATED, GEAR_DELETED } from '#contract/gear';
import * as z from 'zod/mini';
import { eq } from 'drizzle-orm';
import { uploads } from '../../db/schema/media';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { unsigned } from '../media/test-images';
import { insertActivity } from '../activities/activity-test-rows';
import { gearHelpers, type Member } from './gear-test-helpers';

// Issue 24: each sport's gear fields, saving (create, edit, draft, publish, photos), checks against the sport's
// options, totals summed from the activities that used a piece, the default gear of a sport, retiring, deleting, who
// sees what (drafts, private profiles), and naming gear on an activity (only your own, on your own activity).

let t: TestApp;
const h = gearHelpers(() => t);
const activityGear = z.array(z.strictObject({ id: z.int(), title: z.string(), sportId: z.int() }));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('sports and their gear fields', () => {
  it('lists the seven sport types with the spec’s ids', async () => {
    const m = await h.member();
    const sports = okData(await h.send('GET', '/api/sport', m.token), sportTypes);
    expect(sports.map((s) => `${s.id} ${s.name}`)).toEqual(['53 MTB', '37 eBike', '34 Road', '35 Hiking', '5 Running', '54 Walking', '59 Other']);
  });

  it('answers each sport’s fields: travel for an MTB, battery for an e-bike, kind and size for running, none for other', async () => {
    const m = await h.member();
    const fields = async (sportId: number) => okData(await h.send('GET', `/api/sportEquipmentOptions?sportId=${sportId}`, m.token), sportEquipmentOptions).fields;
    const mtb = await fields(53);
    expect(mtb.map((f) => f.key)).toEqual(['wheelsize', 'framesize', 'frontTravel', 'rearTravel', 'buildKit']);
    expect(mtb.find((f) => f.key === 'frontTravel')).toMatchObject({ type: 'number', unit: 'mm', min: 0, max: 300 });
    expect(mtb.find((f) => f.key === 'wheelsize')?.choices).toContain('27.5"');
    expect((await fields(37)).find((f) => f.key === 'batteryWh')).toMatchObject({ label: 'Battery', unit: 'Wh' });
    expect((await fields(5)).map((f) => f.key)).toEqual(['category', 'size']);
    expect(await fields(59)).toEqual([]);
    const unknown = await h.send('GET', '/api/sportEquipmentOptions?sportId=12', m.token);
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).errors?.sportId?.[0]).toMatch(/Choose a sport/);
  });
});

describe('saving gear', () => {
  it('creates an MTB with photos and travel, edits it in place, and deletes it with its photos', async () => {
    const m = await h.member();
    const [first, second] = [await h.photo(m), await h.photo(m)];
    const res = await h.saveCall(m, { images: [second, first], notes: 'New bearings in March' });
    expect(body(res).message).toBe(GEAR_CREATED);
    const saved = okData(res, gearSchema);
    expect(saved).toMatchObject({ title: 'Enduro rig', brand: 'Orbea', model: 'Rallon', year: 2024, sportId: 53, frontTravel: 170, rearTravel: 160, wheelsize: '29"', framesize: 'L', isDraft: false, notes: 'New bearings in March', batteryWh: null });
    expect(saved.images.map((i) => i.key)).toEqual([second, first]);
    expect(saved.owner.userId).toBe(m.userId);

    const edited = okData(await h.saveCall(m, { id: saved.id, title: 'Enduro rig (2025 fork)', frontTravel: 180, images: [first] }), gearSchema);
    expect(edited).toMatchObject({ id: saved.id, title: 'Enduro rig (2025 fork)', frontTravel: 180 });
    expect(edited.images.map((i) => i.key)).toEqual([first]);
    // The photo taken off is detached (swept a day later); the one kept stays attached.
    const attached = async (key: string) => (await t.db.select({ at: uploads.attachedAt }).from(uploads).where(eq(uploads.key, key)))[0]!.at;
    expect(await attached(second)).toBeNull();
    expect(await attached(first)).not.toBeNull();
    expect((await h.list(m)).list.map((g) => g.id)).toEqual([saved.id]);

    const deleted = await h.send('DELETE', '/api/deleteEquipment', m.token, { id: saved.id });
    expect(body(deleted)).toMatchObject({ code: 200, message: GEAR_DELETED });
    expect((await h.detailCall(m, saved.id)).statusCode).toBe(404);
    expect(await attached(first)).toBeNull();
    expect((await h.list(m)).total).toBe(0);
  });

  it('checks the details against the sport’s options, naming every field at once, and keeps nothing', async () => {
    const m = await h.member();
    const res = await h.saveCall(m, { sportId: 5, title: 'Trail shoes', wheelsize: null, framesize: null, buildKit: null, frontTravel: 120, rearTravel: null, category: 'Slippers', year: 1900 });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({
      frontTravel: ['Running gear has no front travel: leave it empty.'],
      category: [expect.stringMatching(/^Choose one of: Road shoes, Trail shoes/)],
      year: [expect.stringMatching(/^Enter a year from 1950 to \d{4}\.$/)],
    });
    const tooMuch = await h.saveCall(m, { frontTravel: 400, wheelsize: '28"' });
    expect(body(tooMuch).errors).toEqual({ frontTravel: ['Front travel is 0 to 300 mm.'], wheelsize: [expect.stringMatching(/^Choose one of: 26"/)] });
    expect((await h.list(m)).total).toBe(0);
  });

  it('keeps one default per sport, refuses a draft default, and a new activity of that sport gets it', async () => {
    const m = await h.member();
    const old = await h.save(m, { title: 'Old hardtail', isDefault: true });
    const enduro = await h.save(m, { isDefault: true });
    const shoes = await h.save(m, { sportId: 5, title: 'Trail shoes', wheelsize: null, framesize: null, frontTravel: null, rearTravel: null, buildKit: null, category: 'Trail shoes', size: 'EU 43', isDefault: true });
    const pieces = (await h.list(m)).list;
    expect(pieces.find((g) => g.id === old.id)?.isDefault).toBe(false);
    expect(pieces.find((g) => g.id === enduro.id)?.isDefault).toBe(true);
    expect(pieces.find((g) => g.id === shoes.id)?.isDefault).toBe(true);

    const draft = await h.saveCall(m, { title: 'Project bike', isDraft: true, isDefault: true });
    expect(body(draft).errors).toEqual({ isDefault: ['Publish it to make it your default.'] });

    expect((await h.manualRide(m)).gear.map((g) => g.id)).toEqual([enduro.id]);
    expect((await h.manualRide(m, { sportId: 5, distance: 8000 })).gear.map((g) => g.id)).toEqual([shoes.id]);
    // No default for road rides: nothing is named.
    expect((await h.manualRide(m, { sportId: 34 })).gear).toEqual([]);
    expect(okData(await h.send('GET', '/api/equipment/pickable', m.token), gearPickable).map((g) => [g.title, g.isDefault])).toEqual([
      ['Enduro rig', true],
      ['Trail shoes', true],
      ['Old hardtail', false],
    ]);
  });
});

describe('totals', () => {
  it('sum the activities that used a piece, and follow them when one is added, taken off or deleted', async () => {
    const m = await h.member();
    const bike = await h.save(m, { isDefault: true });
    const first = await h.manualRide(m, { distance: 21_500, duration: 4000, elevationGain: 640 });
    await h.manualRide(m, { distance: 12_000, duration: 2000, elevationGain: 300 });
    expect((await h.detail(m, bike.id)).gear.totals).toEqual({ distance: 33_500, movingTime: 6000, climb: 940, activities: 2 });

    // An older ride, logged before the bike was added, named afterwards.
    const older = await insertActivity(t.db, m.userId, { sportId: 53, distanceM: 5000 });
    const named = okData(await h.send('POST', '/api/activity/gear', m.token, { activityId: older, gearIds: [bike.id] }), activityGear);
    expect(named).toEqual([{ id: bike.id, title: 'Enduro rig', sportId: 53 }]);
    expect((await h.detail(m, bike.id)).gear.totals).toMatchObject({ distance: 38_500, activities: 3 });
    expect(okData(await h.send('GET', `/api/activity/${older}`, m.token), activityDetail).gear).toEqual([{ id: bike.id, title: 'Enduro rig', sportId: 53 }]);

    expect(okData(await h.send('POST', '/api/activity/gear', m.token, { activityId: first.id, gearIds: [] }), activityGear)).toEqual([]);
    expect((await h.detail(m, bike.id)).gear.totals).toMatchObject({ distance: 17_000, activities: 2 });
    expect((await h.send('DELETE', '/api/activity', m.token, { activityId: older })).statusCode).toBe(200);
    const detail = await h.detail(m, bike.id);
    expect(detail.gear.totals).toEqual({ distance: 12_000, movingTime: 2000, climb: 300, activities: 1 });
    expect(detail.recentActivities.map((a) => [a.title, a.distance])).toEqual([['Trail loop', 12_000]]);
  });

  it('stay with a retired piece, which leaves the pickers and is no longer the default', async () => {
    const m = await h.member();
    const bike = await h.save(m, { isDefault: true });
    await h.manualRide(m, { distance: 9000 });
    const retired = okData(await h.send('POST', '/api/equipment/retire', m.token, { id: bike.id, retired: true }), gearSchema);
    expect(retired).toMatchObject({ isDefault: false, totals: { distance: 9000, activities: 1 } });
    expect(retired.retiredAt).not.toBeNull();
    expect(okData(await h.send('GET', '/api/equipment/pickable', m.token), gearPickable)).toEqual([]);
    expect((await h.manualRide(m)).gear).toEqual([]);
    const back = okData(await h.send('POST', '/api/equipment/retire', m.token, { id: bike.id, retired: false }), gearSchema);
    expect(back.retiredAt).toBeNull();
  });
});

describe('who sees gear', () => {
  async function cast(ownerPrivate: boolean) {
    const owner = await h.member({ private: ownerPrivate });
    const [follower, stranger] = [await h.member(), await h.member()];
    await h.toggle('POST', '/api/follow', follower, owner.userId);
    if (ownerPrivate) expect((await h.send('POST', '/api/follow/accept', owner.token, { userId: follower.userId })).statusCode).toBe(200);
    const photo = await h.photo(owner);
    const published = await h.save(owner, { images: [photo] });
    const draft = await h.save(owner, { title: 'Secret prototype', isDraft: true });
    return { owner, follower, stranger, published, draft };
  }
  const titles = async (viewer: Member, owner: Member) => (await h.list(viewer, `?userId=${owner.userId}`)).list.map((g) => g.title);

  it('a public member’s published gear is every member’s, with unsigned photos; drafts are the owner’s alone', async () => {
    const { owner, stranger, published, draft } = await cast(false);
    expect(await titles(stranger, owner)).toEqual(['Enduro rig']);
    expect(await titles(owner, owner)).toEqual(['Secret prototype', 'Enduro rig']);
    expect((await h.list(stranger, `?handleName=${owner.handleName}`)).total).toBe(1);
    const seen = await h.detail(stranger, published.id);
    expect(seen.gear.images[0]!.url).toBe(unsigned(seen.gear.images[0]!.url));
    expect((await t.app.inject({ method: 'GET', url: seen.gear.images[0]!.url })).statusCode).toBe(200);
    const hidden = await h.detailCall(stranger, draft.id);
    expect(hidden.statusCode).toBe(404);
    expect(body(hidden)).toEqual(body(await h.detailCall(stranger, 2_000_000_000)));
  });

  it('a private member’s gear is their accepted followers’ only, its photos signed', async () => {
    const { owner, follower, stranger, published } = await cast(true);
    expect(await titles(follower, owner)).toEqual(['Enduro rig']);
    expect(await titles(stranger, owner)).toEqual([]);
    expect((await h.detailCall(stranger, published.id)).statusCode).toBe(404);
    const url = (await h.detail(follower, published.id)).gear.images[0]!.url;
    expect(url).not.toBe(unsigned(url));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: unsigned(url) })).statusCode).toBe(404);
  });

  it('an activity’s page shows its published gear to others, a draft piece to its owner only', async () => {
    const { owner, stranger, published, draft } = await cast(false);
    const ride = await h.manualRide(owner);
    expect(okData(await h.send('POST', '/api/activity/gear', owner.token, { activityId: ride.id, gearIds: [published.id, draft.id] }), activityGear).map((g) => g.id).sort()).toEqual([published.id, draft.id].sort());
    expect(okData(await h.send('GET', `/api/activity/${ride.id}`, stranger.token), activityDetail).gear.map((g) => g.title)).toEqual(['Enduro rig']);
  });
});

describe('mass assignment', () => {
  it('refuses someone else’s gear on your activity, and your gear on their activity, as things that do not exist', async () => {
    const [a, b] = [await h.member(), await h.member()];
    const theirs = await h.save(a);
    const mine = await h.save(b);
    const myRide = await h.manualRide(b);
    const theirRide = await h.manualRide(a);
    const foreign = await h.send('POST', '/api/activity/gear', b.token, { activityId: myRide.id, gearIds: [mine.id, theirs.id] });
    const unknown = await h.send('POST', '/api/activity/gear', b.token, { activityId: myRide.id, gearIds: [mine.id, 2_000_000_000] });
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign)).toEqual(body(unknown));
    expect(body(foreign).errors).toEqual({ gearIds: ['That gear does not exist.'] });
    const onTheirs = await h.send('POST', '/api/activity/gear', b.token, { activityId: theirRide.id, gearIds: [mine.id] });
    expect(onTheirs.statusCode).toBe(404);
    expect((await h.detail(b, mine.id)).gear.totals.activities).toBe(0);
    expect((await h.detail(a, theirs.id)).gear.totals.activities).toBe(0);

    // Saving with someone else's id edits nothing and creates nothing.
    const hijack = await h.saveCall(b, { id: theirs.id, title: 'Mine now' });
    expect(hijack.statusCode).toBe(404);
    expect((await h.detail(a, theirs.id)).gear.title).toBe('Enduro rig');
    expect((await h.list(b)).total).toBe(1);
    // Another member's photo cannot be put on your gear.
    const theirPhoto = await h.photo(a);
    expect(body(await h.saveCall(b, { images: [theirPhoto] })).errors).toEqual({ images: ['Upload the image again.'] });
  });
});

describe('data rights', () => {
  it('the export lists the member’s gear, drafts included, with its details, photos and activities', async () => {
    const { exportSections } = await import('../account/export-sections');
    const m = await h.member();
    const photo = await h.photo(m);
    const bike = await h.save(m, { images: [photo], isDefault: true });
    const draft = await h.save(m, { title: 'Project bike', isDraft: true });
    const ride = await h.manualRide(m);
    await h.send('POST', '/api/equipment/component', m.token, { gearId: bike.id, kind: 'fork', name: 'Fox 38', installedAt: '2026-05-01T00:00:00.000Z', serviceIntervalHours: 50 });
    const section = (await exportSections.find((s) => s.name === 'gear')!.collect(t.db, m.userId)) as Record<string, unknown>[];
    expect(section).toEqual([
      expect.objectContaining({
        gearId: bike.id,
        title: 'Enduro rig',
        frontTravelMm: 170,
        isDefault: true,
        photos: [photo],
        activityIds: [ride.id],
        components: [expect.objectContaining({ kind: 'fork', name: 'Fox 38', serviceIntervalHours: 50, fitted: [{ gearId: bike.id, from: new Date('2026-05-01T00:00:00.000Z'), to: null }], services: [] })],
      }),
      expect.objectContaining({ gearId: draft.id, title: 'Project bike', isDraft: true, photos: [], activityIds: [] }),
    ]);
    expect(JSON.stringify(section)).not.toContain('"userId"');
  });
});

describe('sharing a piece', () => {
  it('posts about your published piece: its card shows it to whoever may see it, photo signed when it is not every member’s', async () => {
    const owner = await h.member({ private: true });
    const [follower, stranger] = [await h.member(), await h.member()];
    await h.toggle('POST', '/api/follow', follower, owner.userId);
    expect((await h.send('POST', '/api/follow/accept', owner.token, { userId: follower.userId })).statusCode).toBe(200);
    const photo = await h.photo(owner);
    const bike = await h.save(owner, { images: [photo] });
    const res = await h.send('POST', '/api/shareEquipment', owner.token, { id: bike.id, text: 'Finally built' });
    expect(body(res).message).toBe(FEED_CREATED);
    const post = okData(res, feed);
    expect(post).toMatchObject({ description: 'Finally built', isDraft: false, gear: { id: bike.id, title: 'Enduro rig', sportId: 53, brand: 'Orbea', model: 'Rallon' } });
    expect(post.id).not.toBe(bike.id);
    const seen = okData(await h.send('GET', `/api/feed/${post.id}`, follower.token), feed).gear!;
    expect(seen.thumbnail).not.toBe(unsigned(seen.thumbnail!));
    expect((await t.app.inject({ method: 'GET', url: seen.thumbnail! })).statusCode).toBe(200);
    // A stranger cannot see a private member's post at all.
    expect((await h.send('GET', `/api/feed/${post.id}`, stranger.token)).statusCode).toBe(404);

    // Deleted, the piece leaves the post standing without its card.
    expect((await h.send('DELETE', '/api/deleteEquipment', owner.token, { id: bike.id })).statusCode).toBe(200);
    expect(okData(await h.send('GET', `/api/feed/${post.id}`, owner.token), feed)).toMatchObject({ description: 'Finally built', gear: null });
  });

  it('a public piece’s card is every member’s; a draft cannot be posted about; someone else’s piece is refused as none', async () => {
    const [a, b] = [await h.member(), await h.member()];
    const bike = await h.save(a);
    const post = okData(await h.send('POST', '/api/shareEquipment', a.token, { id: bike.id }), feed);
    expect(okData(await h.send('GET', `/api/feed/${post.id}`, b.token), feed).gear).toMatchObject({ id: bike.id, thumbnail: null });
    const draft = await h.save(a, { title: 'Project', isDraft: true });
    expect(body(await h.send('POST', '/api/shareEquipment', a.token, { id: draft.id })).errors).toEqual({ gearId: ['Publish it before you post about it.'] });
    const named = await h.send('POST', '/api/shareEquipment', b.token, { id: bike.id });
    expect(named.statusCode).toBe(404);
    expect(body(named)).toEqual(body(await h.send('POST', '/api/shareEquipment', b.token, { id: 2_000_000_000 })));
    // Through the post form too: another member's piece is the refusal of one that does not exist.
    const viaForm = await h.send('POST', '/api/feed', b.token, { title: '', description: 'Look', isDraft: false, gearId: bike.id });
    expect(body(viaForm).errors).toEqual({ gearId: ['That gear does not exist.'] });
  });
});
