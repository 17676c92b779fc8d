import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, type EventInput } from '#contract/events';
import { notificationList } from '#contract/notifications';
import { uploads } from '../../db/schema/media';
import { notifications } from '../../db/schema/notifications';
import { days, hours } from '../../lib/clock';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventHelpers, secondsOf } from './event-test-helpers';

// Creating, editing, drafts, publishing, cancelling and deleting events, and what the server checks beyond the form.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const notificationsOf = async (m: { token: string }) => okData(await h.send('GET', '/api/notifications', m.token), notificationList).list;

describe('creating an event', () => {
  it('answers the event as its organiser sees it, with the server’s message', async () => {
    const maya = await h.member({ firstName: 'Maya', lastName: 'Torres' });
    const start = new Date(Date.UTC(t.clock.now().getUTCFullYear() + 1, 6, 4, 7, 0));
    const res = await h.createCall(maya, {
      eventName: 'Thursday night ride',
      startDate: secondsOf(start),
      endDate: secondsOf(start.getTime() + hours(2.5)),
      timeZone: 'europe/berlin',
      latitude: 52.52,
      longitude: 13.405,
      location: 'Brandenburger Tor',
      city: 'Berlin',
      zipCode: '10117',
      goalDistance: 42_000,
      goalElevation: 600,
      goalCalories: 1200,
      capacity: 12,
    });
    expect(body(res).message).toBe('Event Created Successfully');
    const saved = okData(res, event);
    expect(saved).toMatchObject({
      eventName: 'Thursday night ride',
      createdBy: { userId: maya.userId, firstName: 'Maya' },
      isDraft: false,
      isOrganiser: true,
      canEdit: true,
      // The zone is stored as the runtime names it, and times are shown on its clocks: 07:00 UTC is 09:00 in Berlin.
      timeZone: 'Europe/Berlin',
      startDate: secondsOf(start),
      startTime: '09:00 AM',
      endTime: '11:30 AM',
      zipCode: '10117',
      goalDistance: 42_000,
      // The organiser is going from the moment it is published, and takes one of the places.
      status: { isGoing: true, isInterested: false, goingCount: 1, capacity: 12, waitlistPosition: null },
      goingPreview: [{ userId: maya.userId }],
      cancelledAt: null,
    });
    expect(await h.detail(maya, saved.id)).toEqual(saved);
  });

  it('refuses POST with an id: editing is PUT', async () => {
    const maya = await h.member();
    const mine = await h.create(maya);
    h.expectFieldError(await h.createCall(maya, { id: mine.id, eventName: 'Changed' }), 'id');
    expect((await h.detail(maya, mine.id)).eventName).toBe('Sunrise ride');
  });

  it('keeps event text as plain text, script and all', async () => {
    const maya = await h.member();
    const corpus = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<svg onload=alert(1)>', 'javascript:alert(1)', '"><b>x</b>'];
    const text = corpus.join(' ');
    const saved = await h.create(maya, { eventName: corpus[0]!, activityType: corpus[3]!, meetingDescription: text, location: corpus[2]!, city: corpus[4]! });
    const seen = await h.detail(maya, saved.id);
    expect(seen).toMatchObject({ eventName: corpus[0], activityType: corpus[3], meetingDescription: text, location: corpus[2], city: corpus[4] });
  });
});

describe('what the server checks', () => {
  const refused = async (over: Partial<EventInput>, field: string, message?: RegExp) => {
    const maya = await h.member();
    h.expectFieldError(await h.createCall(maya, over), field, message);
  };
  const start = () => t.clock.now().getTime() + days(3);

  it('end after start', () => refused({ startDate: secondsOf(start()), endDate: secondsOf(start() - hours(1)) }, 'endDate', /end after it starts/));
  it('end equal to start', () => refused({ startDate: secondsOf(start()), endDate: secondsOf(start()) }, 'endDate'));
  it('at most 31 days long', () => refused({ startDate: secondsOf(start()), endDate: secondsOf(start() + days(32)) }, 'endDate', /31 days/));
  it('a time zone the runtime knows', () => refused({ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'));
  it('a time zone that is a name, not an offset', () => refused({ timeZone: '+02:00' }, 'timeZone'));
  // Issue 19: any country's postcode shape (spec §5's 1 to 6 digits cut SW1A 1AA); per-country in postcodes.test.ts.
  it('a zip code of letters, digits, spaces and dashes, up to 10', async () => {
    await refused({ zipCode: '12345678901' }, 'zipCode');
    await refused({ zipCode: 'SW1A_1AA' }, 'zipCode');
    await refused({ zipCode: '-1234' }, 'zipCode');
  });
  it('goals above zero', async () => {
    await refused({ goalDistance: 0 }, 'goalDistance');
    await refused({ goalCalories: -5 }, 'goalCalories');
    await refused({ goalElevation: 1e9 }, 'goalElevation');
  });
  it('a known sport', () => refused({ sportId: 1 }, 'sportId'));
  it('both coordinates or neither', () => refused({ latitude: 40 }, 'latitude'));
  it('a published event does not start in the past', () =>
    refused({ startDate: secondsOf(t.clock.now().getTime() - hours(2)), endDate: secondsOf(t.clock.now().getTime() + hours(1)) }, 'startDate', /past/));
  it('unknown fields are refused (mass assignment)', async () => {
    const maya = await h.member();
    const res = await h.send('POST', '/api/challenge', maya.token, { ...h.form(), goingCount: 5, userId: 1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(expect.arrayContaining(['goingCount', 'userId']));
  });

  it('a route of the editor’s own', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const theirs = await h.route(jonas);
    h.expectFieldError(await h.createCall(maya, { routeId: theirs.routeId }), 'routeId');
    const mine = await h.route(maya);
    const saved = await h.create(maya, { routeId: mine.routeId });
    expect(saved.route).toMatchObject({ routeId: mine.routeId, coordinates: mine.coordinates, distance: mine.distance });
  });

  it('co-hosts: members the organiser is connected with, never the organiser, each invited once', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    h.expectFieldError(await h.createCall(maya, { CoHost: [maya.userId] }), 'CoHost');
    h.expectFieldError(await h.createCall(maya, { CoHost: [2_000_000_000] }), 'CoHost');
    h.expectFieldError(await h.createCall(maya, { CoHost: [jonas.userId] }), 'CoHost', /follow you, or whom you follow/);
    await h.connect(maya, jonas);
    const saved = await h.create(maya, { CoHost: [jonas.userId, jonas.userId] });
    expect(saved.coHosts).toEqual([]);
    expect(saved.pendingCoHosts.map((c) => c.userId)).toEqual([jonas.userId]);
  });

  it('a banner that is the editor’s own event upload, used by no other event', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const theirs = await h.banner(jonas);
    h.expectFieldError(await h.createCall(maya, { bannerImage: theirs.key }), 'bannerImage');
    const mine = await h.banner(maya);
    const saved = await h.create(maya, { bannerImage: mine.key });
    // The upload's own answer may be signed (a file attached to nothing is its uploader's alone); the public event's is not.
    const unsigned = (url: string) => url.split('?')[0];
    expect(saved.bannerImage).toMatchObject({ key: mine.key, url: unsigned(mine.url), thumbnail: unsigned(mine.thumbnail) });
    h.expectFieldError(await h.createCall(maya, { bannerImage: mine.key }), 'bannerImage', /another event/);
  });

  it('a capacity not below the people already going', async () => {
    const maya = await h.member();
    const saved = await h.create(maya, { capacity: 5 });
    for (let i = 0; i < 3; i++) await h.join(await h.member(), saved.id);
    h.expectFieldError(await h.editCall(maya, saved.id, { capacity: 3 }), 'capacity', /4 people are already going, the organiser included/);
    expect((await h.edit(maya, saved.id, { capacity: 4 })).status).toMatchObject({ goingCount: 4, capacity: 4 });
  });

  it('reports every bad field at once', async () => {
    const maya = await h.member();
    const res = await h.createCall(maya, { sportId: 2, timeZone: 'Nowhere/Land', endDate: '1' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(expect.arrayContaining(['sportId', 'timeZone', 'endDate']));
  });
});

describe('editing', () => {
  it('by the organiser and co-hosts; others get 403 if they can see it, 404 if not', async () => {
    const maya = await h.member();
    const cohost = await h.member();
    const stranger = await h.member();
    const saved = await h.createWithCohosts(maya, [cohost]);
    // PUT carries the whole form: co-hosts left out of a list would be removed.
    expect(body(await h.editCall(maya, saved.id, { eventName: 'Renamed', CoHost: [cohost.userId] })).message).toBe('Event Updated Successfully');
    const byCohost = await h.edit(cohost, saved.id, { eventName: 'By the co-host', CoHost: [cohost.userId] });
    expect(byCohost).toMatchObject({ eventName: 'By the co-host', canEdit: true, isOrganiser: false, createdBy: { userId: maya.userId } });
    const res = await h.editCall(stranger, saved.id, { eventName: 'Mine now' });
    expect(res.statusCode).toBe(403);
    const hidden = await h.create(maya, { whoCanSee: 'invite' });
    h.expectNotFound(await h.editCall(stranger, hidden.id, { eventName: 'Mine now' }));
    expect((await h.detail(maya, saved.id)).eventName).toBe('By the co-host');
  });

  it('lets the organiser fix the text of an event that is over, but not move a published one into the past', async () => {
    const maya = await h.member();
    const saved = await h.create(maya);
    t.clock.advance(days(3));
    try {
      const fixed = await h.edit(maya, saved.id, { startDate: saved.startDate, endDate: saved.endDate, meetingDescription: 'Thanks for coming!' });
      expect(fixed.meetingDescription).toBe('Thanks for coming!');
      const earlier = String(Number(saved.startDate) - 3600);
      h.expectFieldError(await h.editCall(maya, saved.id, { startDate: earlier, endDate: saved.endDate }), 'startDate');
    } finally {
      t.clock.advance(-days(3));
    }
  });

  it('invites newly named co-hosts, once, and never tells the editor', async () => {
    const maya = await h.member({ firstName: 'Maya', lastName: 'Torres' });
    const jonas = await h.member();
    await h.connect(maya, jonas);
    const saved = await h.create(maya, { CoHost: [jonas.userId] });
    await h.edit(maya, saved.id, { CoHost: [jonas.userId] });
    const told = (await notificationsOf(jonas)).filter((n) => n.subjectType === 'event' && n.subjectId === saved.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'events', message: 'Maya Torres invited you to co-host an event.' });
    expect((await notificationsOf(maya)).filter((n) => n.subjectType === 'event')).toEqual([]);
  });

  it('replaces the banner: the old upload is let go, the new one kept', async () => {
    const maya = await h.member();
    const first = await h.banner(maya);
    const second = await h.banner(maya);
    const saved = await h.create(maya, { bannerImage: first.key });
    const attached = async (key: string) => (await t.db.select({ at: uploads.attachedAt }).from(uploads).where(eq(uploads.key, key)))[0]!.at;
    expect(await attached(first.key)).not.toBeNull();
    await h.edit(maya, saved.id, { bannerImage: second.key });
    expect(await attached(first.key)).toBeNull();
    expect(await attached(second.key)).not.toBeNull();
    expect((await h.detail(maya, saved.id)).bannerImage?.key).toBe(second.key);
  });
});

describe('drafts and publishing', () => {
  it('a draft is seen only by its hosts, in their own tab; publishing shows it and stamps it once', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const draft = await h.create(maya, { isDraft: true, startDate: secondsOf(t.clock.now().getTime() - hours(1)), endDate: secondsOf(t.clock.now().getTime() + days(1)) });
    expect(draft.isDraft).toBe(true);
    h.expectNotFound(await h.detailCall(jonas, draft.id));
    expect(await h.ids(maya, 'type=mine')).toContain(draft.id);
    expect(await h.ids(maya, 'type=upcoming')).not.toContain(draft.id);
    expect((await h.joinCall(maya, draft.id)).statusCode).toBe(409);
    expect(draft.status).toMatchObject({ isGoing: false, goingCount: 0 });
    // Publishing looks at the start again: a draft saved with a past start cannot go out like that.
    h.expectFieldError(await h.editCall(maya, draft.id, { isDraft: false, startDate: draft.startDate, endDate: draft.endDate }), 'startDate');
    const res = await h.editCall(maya, draft.id, { isDraft: false });
    expect(body(res).message).toBe('Event Created Successfully');
    const published = okData(res, event);
    expect(published).toMatchObject({ isDraft: false, status: { isGoing: true, goingCount: 1 } });
    expect(await h.ids(jonas, 'type=upcoming')).toContain(draft.id);
  });

  it('says “Draft saved.” for a draft, created or edited, and the spec’s words when an event is published', async () => {
    const maya = await h.member();
    const created = await h.createCall(maya, { isDraft: true });
    expect(body(created).message).toBe('Draft saved.');
    const id = okData(created, event).id;
    expect(body(await h.editCall(maya, id, { isDraft: true, eventName: 'Renamed draft' })).message).toBe('Draft saved.');
    expect(body(await h.createCall(maya)).message).toBe('Event Created Successfully');
    expect(body(await h.editCall(maya, id, { isDraft: false })).message).toBe('Event Created Successfully');
    expect(body(await h.editCall(maya, id, { isDraft: false, eventName: 'Renamed' })).message).toBe('Event Updated Successfully');
  });

  it('goes back to being a draft only while nobody has joined or shown interest', async () => {
    const maya = await h.member();
    const quiet = await h.create(maya);
    // The organiser's own place does not count: it goes with the publication.
    expect(await h.edit(maya, quiet.id, { isDraft: true })).toMatchObject({ isDraft: true, status: { isGoing: false, goingCount: 0 } });
    const busy = await h.create(maya);
    await h.interest(await h.member(), busy.id);
    h.expectFieldError(await h.editCall(maya, busy.id, { isDraft: true }), 'isDraft', /cannot go back to being a draft/);
  });
});

describe('cancelling', () => {
  it('only the organiser; the event stays, marked, and everyone concerned is told once', async () => {
    const maya = await h.member({ firstName: 'Maya', lastName: 'Torres' });
    const cohost = await h.member();
    const going = await h.member();
    const waiting = await h.member();
    const curious = await h.member();
    const both = await h.member();
    // Three places: the organiser's, then two.
    const saved = await h.createWithCohosts(maya, [cohost], { capacity: 3 });
    await h.join(going, saved.id);
    await h.join(both, saved.id);
    await h.interest(both, saved.id);
    await h.join(waiting, saved.id);
    await h.interest(curious, saved.id);

    expect((await h.cancelCall(cohost, saved.id)).statusCode).toBe(403);
    expect((await h.cancelCall(going, saved.id)).statusCode).toBe(403);
    const res = await h.cancelCall(maya, saved.id);
    const cancelled = okData(res, event);
    expect(cancelled.cancelledAt).not.toBeNull();
    expect((await h.detail(going, saved.id)).cancelledAt).toBe(cancelled.cancelledAt);
    // Still listed, marked: those who planned around it see that it is off.
    expect((await h.list(curious)).list.find((e) => e.id === saved.id)?.cancelledAt).toBe(cancelled.cancelledAt);

    const about = async (m: { token: string }) => (await notificationsOf(m)).filter((n) => n.subjectId === saved.id && /cancelled/.test(n.message));
    expect((await about(going)).map((n) => n.message)).toEqual(['Maya Torres cancelled an event you were going to.']);
    expect((await about(waiting)).map((n) => n.message)).toEqual(['Maya Torres cancelled an event you were going to.']);
    expect((await about(both)).map((n) => n.message)).toEqual(['Maya Torres cancelled an event you were going to.']);
    expect((await about(curious)).map((n) => n.message)).toEqual(['Maya Torres cancelled an event you were interested in.']);
    expect(await about(maya)).toEqual([]);

    // Again: nothing new. And nobody can join a cancelled event.
    expect((await h.cancelCall(maya, saved.id)).statusCode).toBe(200);
    expect(await about(curious)).toHaveLength(1);
    const join = await h.joinCall(await h.member(), saved.id);
    expect(join.statusCode).toBe(409);
    expect(body(join).message).toBe('This event was cancelled.');
  });
});

describe('deleting', () => {
  it('only the organiser; the event, its notifications and its banner go', async () => {
    const maya = await h.member();
    const cohost = await h.member();
    const guest = await h.member();
    const pic = await h.banner(maya);
    const saved = await h.createWithCohosts(maya, [cohost], { bannerImage: pic.key });
    await h.connect(maya, guest);
    await h.invite(maya, saved.id, [guest.userId]);
    expect((await notificationsOf(guest)).some((n) => n.subjectId === saved.id)).toBe(true);

    expect((await h.removeCall(cohost, saved.id)).statusCode).toBe(403);
    const res = await h.removeCall(maya, saved.id);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Event Deleted Successfully');
    h.expectNotFound(await h.detailCall(maya, saved.id));
    h.expectNotFound(await h.removeCall(maya, saved.id));
    const left = await t.db.select().from(notifications).where(eq(notifications.subjectId, saved.id));
    expect(left.filter((n) => n.subjectType === 'event')).toEqual([]);
    const [upload] = await t.db.select({ at: uploads.attachedAt }).from(uploads).where(eq(uploads.key, pic.key));
    expect(upload!.at).toBeNull();
  });
});
