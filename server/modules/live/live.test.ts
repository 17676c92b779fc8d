import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDetail } from '#contract/activities';
import { liveLinkMade, liveStopped, ownLiveSession, sharedLive } from '#contract/live';
import { eventAttendees, events } from '../../db/schema/events';
import { liveSessions } from '../../db/schema/live';
import { notifications } from '../../db/schema/notifications';
import { hours, minutes } from '../../lib/clock';
import { mailsTo } from '../../test/mailbox';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { insertEvent } from '../events/event-test-rows';
import { liveHelpers } from './live-test-helpers';

// Live activities (issue 26): a member shares where they are while out; who may watch is the policy's; positions
// inside their privacy zones reach nobody else; silence and an overdue return alert their safety contacts once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(async () => {
  await t?.close();
});

const h = liveHelpers(() => t);
const { member, toggle, send, recent, start, positions, positionsCall, view, viewCall, now, stopCall, sees, linkIn } = h;
const drain = () => t.app.deps.jobs.drain();

describe('sharing a live session', () => {
  it('starts, takes positions, shows its watcher the track, and stops into an activity in the log', async () => {
    const maya = await member({ firstName: 'Maya', lastName: 'Ridge' });
    const tom = await member();
    await toggle('POST', '/api/follow', tom, maya.userId);

    const own = await start(maya, { sportId: 35, audience: 'followers' });
    expect(own).toMatchObject({ status: 'live', sportId: 35, audience: 'followers', silenceMinutes: 15, position: null, track: [] });
    expect((await h.startCall(maya)).statusCode, 'one session at a time').toBe(409);

    const points = recent(20);
    const ack = await positions(maya, own.id, points);
    expect(ack).toEqual({ liveId: own.id, storedUntil: points.at(-1)!.t, status: 'live' });
    // A batch sent again after a lost answer adds nothing.
    await positions(maya, own.id, points.slice(15));

    const seen = await view(tom, own.id);
    expect(seen.sharer).toMatchObject({ userId: maya.userId, firstName: 'Maya' });
    expect(seen.track).toHaveLength(1);
    expect(seen.track[0]).toHaveLength(20);
    expect(seen.distanceM).toBeGreaterThan(250);
    expect(seen.lastAt).toBe(new Date(points.at(-1)!.t).toISOString());
    // Rounded to about 10 m for anyone but the sharer (check 11).
    expect(seen.position).toEqual([Math.round(points.at(-1)!.lng * 1e4) / 1e4, Math.round(points.at(-1)!.lat * 1e4) / 1e4]);
    const listed = (await now(tom)).sessions.find((s) => s.id === own.id);
    expect(listed).toMatchObject({ sportId: 35, status: 'live', distanceM: seen.distanceM });

    // The sharer sees who watched.
    const mine = (await now(maya)).own!;
    expect(mine.watching.map((w) => w.member.userId)).toEqual([tom.userId]);
    expect(mine.track[0]![0]).toEqual([points[0]!.lng, points[0]!.lat]);

    const stopped = okData(await stopCall(maya, own.id, { save: true, title: 'Gurten evening hike', visibility: 'followers' }), liveStopped);
    expect(stopped.activityId).not.toBeNull();
    const activity = okData(await send('GET', `/api/activity/${stopped.activityId}`, maya.token), activityDetail);
    expect(activity).toMatchObject({ title: 'Gurten evening hike', sportId: 35, source: 'live', visibility: 'followers' });
    expect(activity.distance).toBeCloseTo(seen.distanceM, -1);
    // Ended: nobody watches it any more, and the sharer may start again.
    expect((await viewCall(tom, own.id)).statusCode).toBe(404);
    expect((await now(maya)).own).toBeNull();
    expect((await positionsCall(maya, own.id, recent(2))).json()).toMatchObject({ data: { status: 'ended' } });
  });

  it('refuses fields it does not take (check 11): no owner, state, times or counts from the body', async () => {
    const ana = await member();
    const other = await member();
    for (const extra of [{ userId: other.userId }, { status: 'ended' }, { expiresAt: '2099-01-01T00:00:00Z' }, { distanceM: 5 }]) {
      const res = await send('POST', '/api/live', ana.token, { sportId: 35, audience: 'followers', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const own = await start(ana);
    expect((await send('POST', `/api/live/${own.id}/positions`, ana.token, { points: recent(2), userId: other.userId })).statusCode).toBe(400);
    expect((await send('POST', `/api/live/${own.id}/positions`, ana.token, { points: recent(2).map((p) => ({ ...p, hidden: false })) })).statusCode).toBe(400);
    expect((await send('PUT', `/api/live/${own.id}/people`, ana.token, { watcherIds: [], contactIds: [], audience: 'followers' })).statusCode).toBe(400);
    await stopCall(ana, own.id, { save: false });
  });

  it('refuses a save without a track but discards, and checks what it is given', async () => {
    const ana = await member();
    expect(body(await h.startCall(ana, { sportId: 999 })).errors).toHaveProperty('sportId');
    expect(body(await h.startCall(ana, { expectedReturnAt: new Date(t.clock.now().getTime() - 60_000).toISOString() })).errors).toHaveProperty('expectedReturnAt');
    expect(body(await h.startCall(ana, { watcherIds: [ana.userId] })).errors).toHaveProperty('watcherIds');
    expect(body(await h.startCall(ana, { contactIds: [2_000_000_000] })).errors).toHaveProperty('contactIds');
    const own = await start(ana);
    expect((await stopCall(ana, own.id, { save: true })).statusCode).toBe(400);
    expect(okData(await stopCall(ana, own.id, { save: false }), liveStopped)).toEqual({ liveId: own.id, activityId: null });
    // Not hers: the same 404 as none.
    const other = await member();
    const theirs = await start(other);
    expect((await positionsCall(ana, theirs.id, recent(2))).statusCode).toBe(404);
    expect((await stopCall(ana, theirs.id, { save: false })).statusCode).toBe(404);
  });
});

describe('who may watch (check 20)', () => {
  it('the follower, the chosen member and the safety contact; not a stranger, a blocked member or a pending requester', async () => {
    const sharer = await member({ private: true });
    const follower = await member();
    const chosen = await member();
    const contact = await member();
    const stranger = await member();
    const blocked = await member();
    const pending = await member();
    const blocker = await member();
    await toggle('POST', '/api/follow', follower, sharer.userId);
    await toggle('POST', '/api/follow', blocker, sharer.userId);
    await toggle('POST', '/api/follow/accept', sharer, blocker.userId);
    await toggle('POST', '/api/block', blocker, sharer.userId);
    await toggle('POST', '/api/follow/accept', sharer, follower.userId);
    await toggle('POST', '/api/follow', pending, sharer.userId);
    await toggle('POST', '/api/block', sharer, blocked.userId);

    expect((await h.startCall(sharer, { watcherIds: [blocked.userId] })).statusCode, 'a blocked member cannot be named').toBe(400);
    const live = await start(sharer, { audience: 'followers', watcherIds: [chosen.userId], contactIds: [contact.userId] });
    expect(live.watchers.map((w) => w.userId)).toEqual([chosen.userId]);
    expect(live.contacts.map((w) => w.userId)).toEqual([contact.userId]);
    await positions(sharer, live.id, recent(3));

    const table = { follower, chosen, contact, stranger, blocked, blocker, pending };
    const answers = Object.fromEntries(await Promise.all(Object.entries(table).map(async ([name, who]) => [name, await sees(who, live.id)] as const)));
    expect(answers).toEqual({ follower: true, chosen: true, contact: true, stranger: false, blocked: false, blocker: false, pending: false });

    // Chosen members only: the follower is out, the named ones stay.
    const other = await member();
    await toggle('POST', '/api/follow', follower, other.userId);
    const chosenOnly = await start(other, { audience: 'chosen', watcherIds: [chosen.userId] });
    expect(await sees(follower, chosenOnly.id)).toBe(false);
    expect(await sees(chosen, chosenOnly.id)).toBe(true);
  });

  it('an event’s attendees when the sharer shares with it, on the event’s group map', async () => {
    const organiser = await member();
    const rider = await member();
    const attendee = await member();
    const outsider = await member();
    const eventId = await insertEvent(t.db, organiser.userId);
    const startsAt = new Date(t.clock.now().getTime() - minutes(30));
    await t.db.update(events).set({ startsAt, endsAt: new Date(startsAt.getTime() + hours(3)) }).where(eq(events.id, eventId));
    await t.db.insert(eventAttendees).values([
      { eventId, userId: rider.userId, status: 'going' },
      { eventId, userId: attendee.userId, status: 'going' },
    ]);
    expect((await now(rider)).shareableEvents).toEqual([{ id: eventId, eventName: 'Sunrise gravel loop' }]);
    expect((await now(outsider)).shareableEvents).toEqual([]);
    expect(body(await h.startCall(outsider, { audience: 'contacts', eventId })).errors, 'not going').toHaveProperty('eventId');
    const live = await start(rider, { audience: 'contacts', eventId });
    await positions(rider, live.id, recent(2));
    expect((await now(attendee, `?eventId=${eventId}`)).sessions.map((s) => s.id)).toEqual([live.id]);
    expect(await sees(outsider, live.id)).toBe(false);
  });
});

describe('privacy zones, live (check 19)', () => {
  it('sends nobody but the sharer a position inside a zone, and starts a new piece after it', async () => {
    const sharer = await member();
    const watcher = await member();
    await toggle('POST', '/api/follow', watcher, sharer.userId);
    const home: [number, number] = [7.45, 46.95];
    expect((await send('PUT', '/api/privacy-zones', sharer.token, { zones: [{ label: 'Home', centre: home, radius: 200 }], hideEnds: 0 })).statusCode).toBe(200);
    const live = await start(sharer);
    const bus = listenLive();
    // Leaves home heading north-east (about 17 m a step), out of the zone (at most 400 m trim) after 30 steps.
    const points = recent(60, { start: home });
    await positions(sharer, live.id, points.slice(0, 40));
    await positions(sharer, live.id, points.slice(40));
    const seen = await view(watcher, live.id);
    const shown = seen.track.flat();
    // Others get positions rounded to 4 decimals: the first shown is the one that rounds to it.
    const round4 = (v: number) => Math.round(v * 1e4) / 1e4;
    const firstShown = points.findIndex((p) => round4(p.lng) === shown[0]![0] && round4(p.lat) === shown[0]![1]);
    // The first 12 positions lie within 200 m of home, inside the zone whatever its random offset.
    expect(firstShown).toBeGreaterThanOrEqual(12);
    expect(shown).toHaveLength(60 - firstShown);
    // What went over the bus held only positions from outside too.
    const sent = bus.positions(live.id);
    expect(sent.length).toBe(shown.length);
    expect(Math.min(...sent.map((p) => p[2]))).toBeGreaterThanOrEqual(points[firstShown]!.t);
    bus.stop();
    // The sharer sees all of it.
    expect((await now(sharer)).own!.track.flat()).toHaveLength(60);
  });
});

/** The `live-position` messages the bus carries from now on. */
function listenLive() {
  const heard: [number, number, number][][] = [];
  const ids: number[] = [];
  const stop = t.app.deps.bus.subscribe((m) => {
    if (m.type === 'live' && m.message.type === 'live-position') {
      heard.push(m.message.points);
      ids.push(m.liveId);
    }
  });
  return { positions: (liveId: number) => heard.filter((_, i) => ids[i] === liveId).flat(), stop };
}

describe('safety', () => {
  it('asks the silent sharer first, then alerts the contacts once, in the app and by e-mail with the last position', async () => {
    const sharer = await member({ firstName: 'Lina', lastName: 'Berg' });
    const contact = await member();
    const former = await member();
    const emailed = 'mum.of.lina@example.com';
    const live = await start(sharer, { audience: 'contacts', contactIds: [contact.userId, former.userId], contactEmails: [emailed], silenceMinutes: 10 });
    // A contact who blocks the sharer meanwhile is not told where she is.
    await toggle('POST', '/api/block', former, sharer.userId);
    await positions(sharer, live.id, recent(5));
    await drain();
    const alertsTo = async (userId: number) =>
      (await t.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.message.startsWith('Safety alert'));

    t.clock.advance(minutes(9));
    await drain();
    expect((await now(sharer)).own!.checkSentAt, 'not yet').toBeNull();
    t.clock.advance(minutes(2));
    await drain();
    expect((await now(sharer)).own!.checkSentAt, 'asked after 10 minutes').not.toBeNull();
    expect(await alertsTo(contact.userId)).toEqual([]);

    t.clock.advance(minutes(6));
    await drain();
    const alerts = await alertsTo(contact.userId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain('Lina Berg has not sent a position');
    expect(alerts[0]!.message).toMatch(/Last known position: 46\.95\d*, 7\.45\d*/);
    expect(await alertsTo(former.userId)).toEqual([]);
    await t.app.deps.mailer.flush();
    expect((await mailsTo(t.dataDir, emailed)).at(-1)).toContain('Safety alert: Lina Berg may need help');

    // Once: more silence alerts nobody again.
    t.clock.advance(minutes(30));
    await drain();
    expect(await alertsTo(contact.userId)).toHaveLength(1);
    expect((await mailsTo(t.dataDir, emailed)).filter((m) => m.includes('Safety alert'))).toHaveLength(1);
    await stopCall(sharer, live.id, { save: false });
  });

  it('an overdue return asks, "I’m OK" answers it, and nobody is alerted', async () => {
    const sharer = await member();
    const contact = await member();
    const back = new Date(t.clock.now().getTime() + hours(2));
    const live = await start(sharer, { audience: 'contacts', contactIds: [contact.userId], expectedReturnAt: back.toISOString(), silenceMinutes: 60 });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(minutes(30));
      await positions(sharer, live.id, recent(2));
      await drain();
    }
    const asked = (await now(sharer)).own!;
    expect(asked.checkSentAt).not.toBeNull();
    const answered = okData(await send('POST', `/api/live/${live.id}/ok`, sharer.token, {}), ownLiveSession);
    expect(answered).toMatchObject({ checkSentAt: null, expectedReturnAt: null });
    t.clock.advance(minutes(20));
    await drain();
    const told = await t.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, contact.userId));
    expect(told.filter((n) => n.message.startsWith('Safety alert'))).toEqual([]);
    await stopCall(sharer, live.id, { save: false });
  });

  it('an overdue return unanswered alerts the contacts once', async () => {
    const sharer = await member({ firstName: 'Omar', lastName: 'Nasser' });
    const contact = await member();
    const back = new Date(t.clock.now().getTime() + minutes(30));
    const live = await start(sharer, { audience: 'contacts', contactIds: [contact.userId], expectedReturnAt: back.toISOString(), silenceMinutes: 60 });
    await positions(sharer, live.id, recent(3));
    for (const step of [31, 6, 30]) {
      t.clock.advance(minutes(step));
      await positions(sharer, live.id, recent(2));
      await drain();
    }
    const alerts = (await t.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, contact.userId))).filter((n) => n.message.startsWith('Safety alert'));
    expect(alerts.map((a) => a.message)).toEqual([expect.stringContaining('Omar Nasser is not back at the time they expected')]);
    expect((await now(sharer)).own!.alertedAt).not.toBeNull();
    await stopCall(sharer, live.id, { save: false });
  });

  it('ends by itself after 12 hours, saving the track for its owner alone', async () => {
    const sharer = await member();
    const live = await start(sharer);
    await positions(sharer, live.id, recent(10));
    t.clock.advance(hours(12) + 1000);
    await drain();
    const [row] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, live.id));
    expect(row).toMatchObject({ status: 'ended' });
    const activity = okData(await send('GET', `/api/activity/${row!.activityId}`, sharer.token), activityDetail);
    expect(activity).toMatchObject({ source: 'live', visibility: 'only_me' });
  });
});

describe('share links', () => {
  it('open this session’s map and first name only, until turned off or expired', async () => {
    const sharer = await member({ firstName: 'Noor', lastName: 'Hassan' });
    const email = 'noor.brother@example.com';
    const live = await start(sharer, { audience: 'contacts', contactEmails: [email] });
    expect(live.links).toMatchObject([{ email, revoked: false }]);
    await positions(sharer, live.id, recent(4));
    const token = await linkIn(email);
    const shared = okData(await t.app.inject({ method: 'GET', url: `/api/live/shared/${token}` }), sharedLive);
    expect(shared).toMatchObject({ firstName: 'Noor', status: 'live', sportId: 35 });
    expect(JSON.stringify(shared)).not.toContain('Hassan');
    expect(shared.track.flat()).toHaveLength(4);
    // The token is no key to anything else.
    expect((await t.app.inject({ method: 'GET', url: '/api/live', headers: t.bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/live/shared/${token.slice(0, -2)}xx` })).statusCode).toBe(404);

    // A second link for someone else, made by the sharer, shown once.
    const made = okData(await send('POST', `/api/live/${live.id}/links`, sharer.token, { email: 'friend@example.com' }), liveLinkMade);
    expect(made.url).toMatch(/\/live\/[A-Za-z0-9_-]{43}$/);
    const off = await send('DELETE', `/api/live/${live.id}/links/${made.link.id}`, sharer.token);
    expect(okData(off, ownLiveSession).links.find((l) => l.id === made.link.id)).toMatchObject({ revoked: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/live/shared/${made.url.split('/').pop()}` })).statusCode).toBe(404);
    // Another member cannot turn the sharer's links off.
    const other = await member();
    expect((await send('DELETE', `/api/live/${live.id}/links/${live.links[0]!.id}`, other.token)).statusCode).toBe(404);

    t.clock.advance(hours(12) + 1000);
    expect((await t.app.inject({ method: 'GET', url: `/api/live/shared/${token}` })).statusCode).toBe(404);
  });
});
