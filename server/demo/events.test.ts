import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventList, eventPeople } from '#contract/events';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedDemoEvents } from './events';
import { seedSocialGraph } from './social-graph';

// The demo world's events: what the demo member finds on the events screens.

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  const members = await t.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx);
    await seedSocialGraph(tx, seeded, t.clock.now());
    return seeded;
  });
  await seedDemoEvents(t.app.deps, members);
  for (const m of DEMO_MEMBERS) tokens.set(m.handleName, await t.tokenFor(m.email, DEMO_PASSWORD));
});
afterAll(() => t?.close());

const get = (handle: string, url: string) => t.app.inject({ method: 'GET', url, headers: t.bearer(tokens.get(handle)!) });
const list = async (handle: string, query: string) => okData(await get(handle, `/api/challengeActivity?${query}`), eventList).list;

describe('the demo events', () => {
  it('give the demo member an upcoming ride with a route and a banner, a full hike she is going to, and a past climb', async () => {
    const upcoming = await list('mayatrails', 'type=upcoming');
    const ride = upcoming.find((e) => e.eventName.startsWith('Thursday night ride'))!;
    expect(ride).toMatchObject({ isOrganiser: true, startTime: '06:00 PM', timeZone: 'America/Denver', coHosts: [{ handleName: 'jonasrides' }] });
    expect(ride.route!.coordinates.length).toBeGreaterThanOrEqual(2);
    expect(ride.route!.distance).toBeGreaterThan(3000);
    expect(ride.route!.elevationGain).toBeGreaterThan(50);
    expect(ride.bannerImage?.url).toMatch(/^\/media\//);
    expect(ride.status.goingCount).toBe(3);
    expect(ride.goingPreview).toHaveLength(3);

    const hike = upcoming.find((e) => e.eventName === 'Sunrise on Mount Sanitas')!;
    expect(hike.status).toMatchObject({ isGoing: true, capacity: 3, goingCount: 3, waitlistCount: 2 });
    const waiting = okData(await get('mayatrails', `/api/challenge/people?challengeId=${hike.id}&list=waitlist`), eventPeople);
    expect(waiting.list.map((m) => m.handleName)).toEqual(['theowalks', 'jonasrides']);

    // Sam's profile is private and Maya follows him: his followers-only session is in her list, not in Lena's.
    expect(upcoming.some((e) => e.createdBy.handleName === 'samgravel')).toBe(true);
    expect((await list('lenaruns', 'type=upcoming')).some((e) => e.createdBy.handleName === 'samgravel')).toBe(false);

    expect((await list('mayatrails', 'type=past')).map((e) => e.eventName)).toContain('Kühtai from Ötz');
    expect((await list('mayatrails', 'type=mine')).filter((e) => e.isDraft).map((e) => e.eventName)).toEqual(['Trail day: Walker Ranch reroute']);
    expect((await list('mayatrails', 'type=interested')).map((e) => e.eventName)).toEqual(['Tuesday tempo by the Arve']);
  });

  it('mark Maya’s events as requested for Theo, whose follow request waits', async () => {
    const seen = await list('theowalks', 'type=upcoming');
    expect(seen.filter((e) => e.createdBy.handleName === 'mayatrails').every((e) => e.isRequest)).toBe(true);
    expect(seen.some((e) => e.createdBy.handleName === 'mayatrails')).toBe(true);
  });
});
