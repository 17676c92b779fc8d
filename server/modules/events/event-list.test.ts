import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { days, hours } from '../../lib/clock';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { eventHelpers, secondsOf } from './event-test-helpers';

// The events list: its tabs and their order, the sport, distance and text filters, and paging that neither repeats
// nor skips. Every test names its events with a marker and searches for it, so the file's other events stay out.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let markers = 0;
const marker = () => `lst${process.pid}m${++markers}`;
const at = (fromNow: number) => {
  const start = t.clock.now().getTime() + fromNow;
  return { startDate: secondsOf(start), endDate: secondsOf(start + hours(2)) };
};

describe('tabs', () => {
  it('upcoming soonest first (an event under way included), past most recent first, mine newest first with drafts', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const m = marker();
    const later = await h.create(maya, { eventName: `Later ${m}`, ...at(days(5)) });
    const soon = await h.create(maya, { eventName: `Soon ${m}`, ...at(days(1)) });
    const middle = await h.create(jonas, { eventName: `Middle ${m}`, ...at(days(3)) });
    const draft = await h.create(maya, { eventName: `Draft ${m}`, isDraft: true, ...at(days(2)) });
    const search = `search=${m}`;
    expect(await h.ids(maya, search)).toEqual([soon.id, middle.id, later.id]);
    expect(await h.ids(maya, `type=mine&${search}`)).toEqual([draft.id, soon.id, later.id]);
    expect(await h.ids(jonas, `type=mine&${search}`)).toEqual([middle.id]);

    // A day and an hour on: "soon" is under way (still upcoming); four days on it and "middle" are over.
    t.clock.advance(days(1) + hours(1));
    try {
      expect(await h.ids(maya, search)).toEqual([soon.id, middle.id, later.id]);
      t.clock.advance(days(3));
      expect(await h.ids(maya, search)).toEqual([later.id]);
      expect(await h.ids(maya, `type=past&${search}`)).toEqual([middle.id, soon.id]);
    } finally {
      t.clock.advance(-(days(4) + hours(1)));
    }
  });

  it('going (waiting included) and interested: the viewer’s own, upcoming, soonest first', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const m = marker();
    const a = await h.create(maya, { eventName: `A ${m}`, ...at(days(4)), capacity: 1 });
    const b = await h.create(maya, { eventName: `B ${m}`, ...at(days(2)) });
    const c = await h.create(maya, { eventName: `C ${m}`, ...at(days(3)) });
    // A's one place is Maya's: she organises it.
    await h.join(jonas, a.id);
    await h.join(jonas, b.id);
    await h.interest(jonas, c.id);
    await h.interest(jonas, a.id);
    const going = await h.list(jonas, `type=going&search=${m}`);
    expect(going.list.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(going.list[1]!.status).toMatchObject({ isWaitlisted: true, waitlistPosition: 1 });
    expect(await h.ids(jonas, `type=interested&search=${m}`)).toEqual([c.id, a.id]);
    // An organiser is going to each of their own events.
    expect(await h.ids(maya, `type=going&search=${m}`)).toEqual([b.id, c.id, a.id]);
    expect(await h.ids(maya, `type=interested&search=${m}`)).toEqual([]);
  });
});

describe('filters', () => {
  it('by sport', async () => {
    const maya = await h.member();
    const m = marker();
    const ride = await h.create(maya, { eventName: `Ride ${m}`, sportId: 53 });
    const hike = await h.create(maya, { eventName: `Hike ${m}`, sportId: 35 });
    expect(await h.ids(maya, `sport_id=35&search=${m}`)).toEqual([hike.id]);
    expect(await h.ids(maya, `sport_id=53&search=${m}`)).toEqual([ride.id]);
  });

  it("by the viewer's own sports: any sport on their profile, none without any, one chosen sport winning", async () => {
    const maya = await h.member();
    const m = marker();
    const ride = await h.create(maya, { eventName: `Ride ${m}`, sportId: 53 });
    const hike = await h.create(maya, { eventName: `Hike ${m}`, sportId: 35 });
    const run = await h.create(maya, { eventName: `Run ${m}`, sportId: 34 });
    expect(await h.ids(maya, `sports=mine&search=${m}`)).toEqual([]);
    const jonas = await h.member();
    const saved = await t.app.inject({ method: 'POST', url: '/api/user-type', headers: t.bearer(jonas.token), payload: { userType: 'member', sports: [53, 34] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await h.ids(jonas, `sports=mine&search=${m}`)).sort()).toEqual([ride.id, run.id].sort());
    expect(await h.ids(jonas, `sports=mine&sport_id=35&search=${m}`)).toEqual([hike.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/challengeActivity?sports=yours', headers: t.bearer(jonas.token) })).statusCode).toBe(400);
  });

  it('by text, whatever the case and accents', async () => {
    const maya = await h.member();
    const m = marker();
    const saved = await h.create(maya, { eventName: `Tour de Zürich ${m}`, city: 'Zürich' });
    expect(await h.ids(maya, `search=ZURICH ${m}`)).toEqual([saved.id]);
    expect(await h.ids(maya, `search=${m}`)).toEqual([saved.id]);
    // LIKE's wildcards typed by a member match only themselves.
    expect(await h.ids(maya, `search=${m}%25`)).toEqual([]);
  });

  it('by distance from the member, great-circle, across the antimeridian too', async () => {
    const maya = await h.member();
    const m = marker();
    const place = (name: string, latitude: number, longitude: number) => h.create(maya, { eventName: `${name} ${m}`, latitude, longitude });
    const berlin = await place('Berlin', 52.52, 13.405);
    const potsdam = await place('Potsdam', 52.3906, 13.0645); // ~27 km from Berlin
    const leipzig = await place('Leipzig', 51.3397, 12.3731); // ~149 km
    const suva = await place('Suva', -18.1248, 178.4501);
    await h.create(maya, { eventName: `Nowhere ${m}` });
    const near = async (lat: number, lng: number, range: number) => new Set(await h.ids(maya, `search=${m}&lat=${lat}&lng=${lng}&range=${range}`));
    expect(await near(52.52, 13.405, 10)).toEqual(new Set([berlin.id]));
    expect(await near(52.52, 13.405, 30)).toEqual(new Set([berlin.id, potsdam.id]));
    expect(await near(52.52, 13.405, 140)).toEqual(new Set([berlin.id, potsdam.id]));
    expect(await near(52.52, 13.405, 160)).toEqual(new Set([berlin.id, potsdam.id, leipzig.id]));
    // From the other side of the 180° line: Suva is 2.4° of longitude (~250 km) west.
    expect(await near(-18.1248, -179.15, 240)).toEqual(new Set());
    expect(await near(-18.1248, -179.15, 270)).toEqual(new Set([suva.id]));
  });

  it('a range needs the point it is measured from', async () => {
    const maya = await h.member();
    const res = await h.listCall(maya, 'range=10&lat=52.5');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ lng: ['A distance filter needs your longitude.'] });
    expect(Object.keys(body(await h.listCall(maya, 'range=10')).errors ?? {}).sort()).toEqual(['lat', 'lng']);
    expect((await h.listCall(maya, 'range=900&lat=1&lng=1')).statusCode).toBe(400);
  });
});

describe('paging', () => {
  it('20 a page; the next page by cursor goes on where the last ended, even when events are added meanwhile', async () => {
    const maya = await h.member();
    const m = marker();
    const made = [];
    for (let i = 0; i < 23; i++) made.push(await h.create(maya, { eventName: `E${i} ${m}`, ...at(days(1) + hours(i)) }));
    const first = await h.list(maya, `search=${m}`);
    expect(first).toMatchObject({ current_page: 1, per_page: 20, total: 23, last_page: 2 });
    expect(first.list.map((e) => e.id)).toEqual(made.slice(0, 20).map((e) => e.id));
    // One starting sooner than all of them arrives while the member scrolls.
    await h.create(maya, { eventName: `Early ${m}`, ...at(hours(2)) });
    const second = await h.list(maya, `search=${m}&page=2&cursor=${first.next_cursor}`);
    expect(second.list.map((e) => e.id)).toEqual(made.slice(20).map((e) => e.id));
    expect(second.next_cursor).toBeNull();
  });
});
