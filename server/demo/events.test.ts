import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventList, eventPeople } from '#contract/events';
import { notificationList } from '#contract/notifications';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedDemoEvents } from './events';
import { weekdayAt, weekdaysNamed } from './local-days';
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
    // Maya is going to her own ride, first, then the three who joined.
    expect(ride.status).toMatchObject({ isGoing: true, goingCount: 4 });
    expect(ride.goingPreview.map((m) => m.handleName)).toEqual(['mayatrails', 'jonasrides', 'priyahikes', 'lenaruns']);

    const hike = upcoming.find((e) => e.eventName === 'Sunrise on Mount Sanitas')!;
    expect(hike.status).toMatchObject({ isGoing: true, capacity: 3, goingCount: 3, waitlistCount: 2 });
    const going = okData(await get('mayatrails', `/api/challenge/people?challengeId=${hike.id}&list=going`), eventPeople);
    expect(going.list.map((m) => m.handleName)).toEqual(['priyahikes', 'mayatrails', 'lenaruns']);
    const waiting = okData(await get('mayatrails', `/api/challenge/people?challengeId=${hike.id}&list=waitlist`), eventPeople);
    expect(waiting.list.map((m) => m.handleName)).toEqual(['theowalks', 'jonasrides']);

    // Sam's profile is private and Maya follows him: his followers-only session is in her list, not in Lena's.
    expect(upcoming.some((e) => e.createdBy.handleName === 'samgravel')).toBe(true);
    expect((await list('lenaruns', 'type=upcoming')).some((e) => e.createdBy.handleName === 'samgravel')).toBe(false);

    expect((await list('mayatrails', 'type=past')).map((e) => e.eventName)).toContain('Kühtai from Ötz');
    expect((await list('mayatrails', 'type=mine')).filter((e) => e.isDraft).map((e) => e.eventName)).toEqual(['Trail day: Walker Ranch reroute']);
    expect((await list('mayatrails', 'type=interested')).map((e) => e.eventName)).toEqual(['Tuesday tempo by the Arve']);
  });

  it('start on the weekday their name or text names, on the clocks of their own zone', async () => {
    const all = (await Promise.all(DEMO_MEMBERS.map(async (m) => [...(await list(m.handleName, 'type=mine')), ...(await list(m.handleName, 'type=upcoming'))]))).flat();
    const named = [...new Map(all.map((e) => [e.id, e])).values()].filter((e) => weekdaysNamed(`${e.eventName} ${e.meetingDescription}`).length > 0);
    expect(named.map((e) => e.eventName).sort()).toEqual(['Saturday kids club: pump track session', 'Thursday night ride: Betasso loops', 'Tuesday tempo by the Arve']);
    for (const e of named) {
      expect([e.eventName, weekdayAt(new Date(Number(e.startDate) * 1000), e.timeZone)]).toEqual([e.eventName, weekdaysNamed(`${e.eventName} ${e.meetingDescription}`)[0]]);
    }
  });

  it('leave Maya an invitation to co-host Priya’s hike, waiting in her notifications and on the event', async () => {
    const invites = okData(await get('mayatrails', '/api/challenge/cohost-invites'), eventList).list;
    expect(invites.map((e) => [e.eventName, e.coHostInvite?.invitedBy.handleName, e.canEdit])).toEqual([['Sunrise on Mount Sanitas', 'priyahikes', false]]);
    const notices = okData(await get('mayatrails', '/api/notifications'), notificationList);
    expect(notices.list[0]).toMatchObject({ message: 'Priya Nair invited you to co-host an event.', subjectType: 'event', subjectId: invites[0]!.id, isRead: false });
    // Answering it works as for any invitation: the notification is found and marked read.
    expect((await t.app.inject({ method: 'POST', url: '/api/challenge/cohost/accept', headers: t.bearer(tokens.get('mayatrails')!), payload: { challengeId: invites[0]!.id } })).statusCode).toBe(200);
    expect(okData(await get('mayatrails', '/api/notifications'), notificationList).list[0]).toMatchObject({ subjectId: invites[0]!.id, isRead: true });
  });

  it('hide Sam’s followers-only session from Theo, whose follow request to Sam still waits', async () => {
    expect((await list('theowalks', 'type=upcoming')).some((e) => e.createdBy.handleName === 'samgravel')).toBe(false);
  });
});
