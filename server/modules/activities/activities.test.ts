import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, activityDetail, activitySummary, eventProgress, sportActivities, type ActivityVisibility } from '#contract/activities';
import { activityCommentSchemas } from '#contract/activity-comments';
import { profileSummaryData } from '#contract/profile';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { activityHelpers, ridePoints, type Member } from './activity-test-helpers';
import { insertActivity } from './activity-test-rows';
import { garminGpx } from './readers/reader-test-helpers';
import { insertEvent } from '../events/event-test-rows';
import { eventAttendees, events } from '../../db/schema/events';
import { mapRoutes } from '../../db/schema/map-routes';
import { eq } from 'drizzle-orm';

// Issue 21: who sees an activity (the visibility table, check 12), the log's lists and sums, manual entry, edits and
// deletion, kudos and comments through the shared subject services, and event progress.

let t: TestApp;
const h = activityHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The owner; a follower (accepted); a member who asked (pending on a private profile, following a public one); a stranger. */
async function cast(ownerPrivate: boolean) {
  const owner = await h.member({ private: ownerPrivate });
  const [follower, pending, stranger] = [await h.member(), await h.member(), await h.member()];
  await h.toggle('POST', '/api/follow', follower, owner.userId);
  if (ownerPrivate) expect((await h.send('POST', '/api/follow/accept', owner.token, { userId: follower.userId })).statusCode).toBe(200);
  await h.toggle('POST', '/api/follow', pending, owner.userId);
  return { owner, follower, pending, stranger };
}

describe('who sees an activity', () => {
  const table: [boolean, ActivityVisibility, { follower: boolean; pending: boolean; stranger: boolean }][] = [
    [false, 'everyone', { follower: true, pending: true, stranger: true }],
    // On a public profile the second member's follow is accepted at once: a follower too.
    [false, 'followers', { follower: true, pending: true, stranger: false }],
    [false, 'only_me', { follower: false, pending: false, stranger: false }],
    [true, 'everyone', { follower: true, pending: false, stranger: false }],
    [true, 'followers', { follower: true, pending: false, stranger: false }],
    [true, 'only_me', { follower: false, pending: false, stranger: false }],
  ];
  it.each(table)('private profile %s, visibility %s', async (ownerPrivate, visibility, sees) => {
    const { owner, follower, pending, stranger } = await cast(ownerPrivate);
    const id = await insertActivity(t.db, owner.userId, { visibility, title: `Seen by ${visibility}` });
    expect((await h.detailCall(owner, id)).statusCode).toBe(200);
    expect((await h.track(owner, id)).activityId).toBe(id);
    for (const [who, member] of [['follower', follower], ['pending', pending], ['stranger', stranger]] as const) {
      const res = await h.detailCall(member, id);
      const listed = (await h.list(member, { userId: owner.userId })).list.map((a) => a.id);
      if (sees[who]) {
        expect(res.statusCode, `${who} reads it`).toBe(200);
        expect(listed, `${who} lists it`).toEqual([id]);
        // Typed in by hand: a track with nothing to draw, but theirs to ask for.
        expect((await h.track(member, id)).coordinates, `${who} reads its track`).toEqual([]);
      } else {
        expect(res.statusCode, `${who} reads it`).toBe(404);
        expect(body(res)).toEqual(body(await h.detailCall(member, 2_000_000_000)));
        expect(listed, `${who} lists it`).toEqual([]);
        expect((await h.trackCall(member, id)).statusCode).toBe(404);
        expect((await h.send('POST', '/api/activity/like', member.token, { activityId: id, likeUniCode: 'U+2764' })).statusCode).toBe(404);
      }
    }
  });
});

describe('the log', () => {
  let rider: Member;
  beforeAll(async () => {
    rider = await h.member();
  });

  it('logs a manual activity with a default title, and refuses one in the future or with a sport that is not one', async () => {
    const res = await h.send('POST', '/api/activity', rider.token, { sportId: 35, startDate: '2026-05-17T05:30:00Z', timeZone: 'Europe/Zurich', duration: 3 * 3600, distance: 12_000, elevationGain: 800 });
    const a = okData(res, activityDetail);
    expect(a).toMatchObject({ title: 'Morning hike', sportId: 35, source: 'manual', distance: 12_000, movingTime: 10_800, elevationGain: 800, hasTrack: false, mapImage: null });
    // A hike is shown as a pace: 10,800 s over 12 km.
    expect(a.pacePerKm).toBeCloseTo(900, 5);
    expect(body(res).message).toBe('Activity saved.');
    const future = await h.send('POST', '/api/activity', rider.token, { sportId: 35, startDate: '2099-05-17T05:30:00Z', timeZone: 'UTC', duration: 60 });
    expect(future.statusCode).toBe(400);
    expect(body(future).errors).toHaveProperty('startDate');
    const sport = await h.send('POST', '/api/activity', rider.token, { sportId: 1, startDate: '2026-05-17T05:30:00Z', timeZone: 'UTC', duration: 60 });
    expect(body(sport).errors).toHaveProperty('sportId');
    const zone = await h.send('POST', '/api/activity', rider.token, { sportId: 35, startDate: '2026-05-17T05:30:00Z', timeZone: 'Mars/Olympus', duration: 60 });
    expect(body(zone).errors).toHaveProperty('timeZone');
  });

  it('lists newest first, filters by sport, title and days, and counts sports', async () => {
    const ids = [];
    for (const [day, sportId, title] of [[1, 34, 'Road one'], [2, 53, 'Trail two'], [3, 34, 'Road three']] as const) {
      ids.push(await insertActivity(t.db, rider.userId, { sportId, title, startAt: new Date(Date.UTC(2026, 5, day, 8)) }));
    }
    const all = await h.list(rider);
    expect(all.list.slice(0, 3).map((a) => a.title)).toEqual(['Road three', 'Trail two', 'Road one']);
    expect((await h.list(rider, { sportId: 34, from: '2026-06-01', to: '2026-06-30' })).list.map((a) => a.id)).toEqual([ids[2], ids[0]]);
    expect((await h.list(rider, { title: 'TRAIL' })).list.map((a) => a.id)).toEqual([ids[1]]);
    expect((await h.list(rider, { from: '2026-06-02', to: '2026-06-02', timeZone: 'Europe/Zurich' })).list.map((a) => a.id)).toEqual([ids[1]]);
    expect((await h.list(rider, { activityId: ids[1] })).list.map((a) => a.title)).toEqual(['Trail two']);
    const sports = okData(await h.send('GET', '/api/getSportsActivity', rider.token), sportActivities);
    expect(sports.list).toEqual([
      { sportId: 34, count: 2 },
      { sportId: 35, count: 1 },
      { sportId: 53, count: 1 },
    ]);
    const backwards = await h.send('POST', '/api/getActivity', rider.token, { from: '2026-06-03', to: '2026-06-01' });
    expect(body(backwards).errors).toHaveProperty('to');
  });

  it('pages by cursor without repeating or skipping', async () => {
    const pager = await h.member();
    for (let i = 0; i < 25; i++) await insertActivity(t.db, pager.userId, { title: `Ride ${i}`, startAt: new Date(Date.UTC(2026, 0, 1 + i, 8)) });
    const first = await h.list(pager);
    expect(first.list).toHaveLength(20);
    expect(first.total).toBe(25);
    const second = await h.list(pager, { page: 2, cursor: first.next_cursor });
    expect(second.list.map((a) => a.title)).toEqual(['Ride 4', 'Ride 3', 'Ride 2', 'Ride 1', 'Ride 0']);
    expect(second.next_cursor).toBeNull();
  });

  it('lets the owner edit and delete, and nobody else (404, as for none)', async () => {
    const id = await h.imported(rider, Buffer.from(garminGpx(ridePoints([8.2, 46.6], 60))), 'edit-me.gpx');
    const other = await h.member();
    const edit = { id, title: 'Renamed', description: 'With friends', sportId: 53, visibility: 'followers' };
    const refused = await h.send('PUT', '/api/activity', other.token, edit);
    expect(refused.statusCode).toBe(404);
    const saved = okData(await h.send('PUT', '/api/activity', rider.token, edit), activityDetail);
    expect(saved).toMatchObject({ title: 'Renamed', description: 'With friends', sportId: 53, visibility: 'followers' });
    expect((await h.send('DELETE', '/api/activity', other.token, { activityId: id })).statusCode).toBe(404);
    const original = await h.send('GET', `/api/activity/${id}/original`, rider.token);
    expect(original.statusCode).toBe(200);
    expect(original.body).toContain('<gpx');
    expect((await h.send('GET', `/api/activity/${id}/original`, other.token)).statusCode).toBe(404);
    expect((await h.send('DELETE', '/api/activity', rider.token, { activityId: id })).statusCode).toBe(200);
    expect((await h.detailCall(rider, id)).statusCode).toBe(404);
    expect((await h.list(rider, { activityId: id })).list).toEqual([]);
  });
});

describe('kudos and comments', () => {
  it('are the shared reactions and comments: counted, told to the owner, gone with a block', async () => {
    const [owner, fan] = [await h.member({ firstName: 'Maya', lastName: 'Ridge' }), await h.member({ firstName: 'Sam', lastName: 'Hill' })];
    const id = await insertActivity(t.db, owner.userId);
    const liked = okData(await h.send('POST', '/api/activity/like', fan.token, { activityId: id, likeUniCode: 'U+1F44D' }), activity);
    expect(liked.likes).toEqual({ total: 1, mine: 'U+1F44D', byCode: [{ likeUniCode: 'U+1F44D', count: 1 }] });
    const c = activityCommentSchemas;
    const saved = okData(await h.send('POST', '/api/activity/comment', fan.token, { activityId: id, comment: 'Strong ride!' }), c.saved);
    expect(saved).toMatchObject({ commentCount: 1, comment: { activityId: id, comment: 'Strong ride!' } });
    const thread = okData(await h.send('GET', `/api/activity/comment?activityId=${id}`, owner.token), c.commentList);
    expect(thread.list.map((x) => x.comment)).toEqual(['Strong ride!']);
    expect((await h.detail(owner, id)).commentCount).toBe(1);
    const told = await h.send('GET', '/api/notifications', owner.token);
    expect(told.body).toContain('Sam Hill commented on your activity.');
    expect(told.body).toContain('gave kudos to your activity.');
    // The owner blocks the fan: the activity is gone for them, its thread too.
    await h.send('POST', '/api/block', owner.token, { userId: fan.userId });
    expect((await h.detailCall(fan, id)).statusCode).toBe(404);
    expect((await h.send('GET', `/api/activity/comment?activityId=${id}`, fan.token)).statusCode).toBe(404);
    expect((await h.send('POST', '/api/activity/comment', fan.token, { activityId: id, comment: 'Hello?' })).statusCode).toBe(404);
  });
});

describe('event progress', () => {
  it('counts a going member’s activities in the window that follow the route, against the goals', async () => {
    const [organiser, rider] = [await h.member(), await h.member()];
    const eventId = await insertEvent(t.db, organiser.userId);
    const startsAt = new Date(Date.UTC(2031, 4, 17, 7, 30));
    const along = ridePoints([7.7, 46.0], 200, { startTime: startsAt.getTime() / 1000 + 600 });
    const [route] = await t.db
      .insert(mapRoutes)
      .values({ userId: organiser.userId, sportId: 34, source: 'drawn', coordinates: [along[0]!, along[100]!, along[199]!].map((p) => [p.lng, p.lat] as [number, number]), distanceM: 5000, expectedTimeS: 1000 })
      .returning({ id: mapRoutes.id });
    await t.db.update(events).set({ routeId: route!.id, goalDistanceM: 4000, goalElevationM: null, goalCalories: null, endsAt: new Date(startsAt.getTime() + 24 * 3600_000) }).where(eq(events.id, eventId));
    await t.db.insert(eventAttendees).values({ eventId, userId: rider.userId, status: 'going' });
    const followed = await h.imported(rider, Buffer.from(garminGpx(along)), 'event-ride.gpx');
    // Elsewhere the same morning: not the route.
    await h.imported(rider, Buffer.from(garminGpx(ridePoints([9.0, 47.0], 50, { startTime: startsAt.getTime() / 1000 + 7200 }))), 'elsewhere.gpx');
    const progress = okData(await h.send('GET', `/api/challenge/progress?challengeId=${eventId}`, organiser.token), eventProgress);
    const mine = progress.list.find((p) => p.member.userId === rider.userId)!;
    expect(mine.activityIds).toEqual([followed]);
    expect(mine.distance).toBeGreaterThan(4000);
    expect(mine.finished).toBe(true);
    expect(progress.list.find((p) => p.member.userId === organiser.userId)).toMatchObject({ activityIds: [], distance: 0, finished: false });
    expect(progress.goals).toEqual({ distance: 4000, elevation: null, calories: null });
  });
});

describe('sums (moves the clock: last)', () => {
  it('sums this week, month and year per sport and the last 12 weeks, on the member’s clocks', async () => {
    // A Wednesday in a June ahead of today (the clock only moves forward; this block runs last).
    t.clock.advance(Date.parse('2036-06-11T12:00:00Z') - t.clock.now().getTime());
    const sums = await h.member();
    await insertActivity(t.db, sums.userId, { sportId: 34, startAt: new Date('2036-06-09T06:00:00Z'), distanceM: 30_000 }); // Monday
    await insertActivity(t.db, sums.userId, { sportId: 5, startAt: new Date('2036-06-02T06:00:00Z'), distanceM: 8_000 }); // last week
    await insertActivity(t.db, sums.userId, { sportId: 34, startAt: new Date('2036-01-05T06:00:00Z'), distanceM: 50_000 }); // January
    // Sunday 22:30 UTC is Monday 00:30 in Zurich: this week there.
    await insertActivity(t.db, sums.userId, { sportId: 5, startAt: new Date('2036-06-08T22:30:00Z'), distanceM: 5_000 });
    const s = okData(await h.send('GET', '/api/activity/summary?timeZone=Europe/Zurich&chart=week', sums.token), activitySummary);
    expect(s.summary.week.all).toEqual({ count: 2, distance: 35_000, movingTime: 3600, elevationGain: 240 });
    expect(s.summary.month.all.count).toBe(3);
    expect(s.summary.month.bySport).toEqual([
      { sportId: 5, count: 2, distance: 13_000, movingTime: 3600, elevationGain: 240 },
      { sportId: 34, count: 1, distance: 30_000, movingTime: 1800, elevationGain: 120 },
    ]);
    expect(s.summary.year.all.distance).toBe(93_000);
    expect(s.chartData.bars).toHaveLength(12);
    expect(s.chartData.bars.at(-1)).toMatchObject({ start: '2036-06-09', count: 2, distance: 35_000 });
    expect(s.chartData.bars.at(-2)).toMatchObject({ start: '2036-06-02', count: 1, distance: 8_000 });
    const utc = okData(await h.send('GET', '/api/activity/summary?chart=week', sums.token), activitySummary);
    expect(utc.summary.week.all.count).toBe(1);
    const months = okData(await h.send('GET', '/api/activity/summary?timeZone=Europe/Zurich&chart=month', sums.token), activitySummary);
    expect(months.chartData.bars.map((b) => b.start).slice(-2)).toEqual(['2036-05-01', '2036-06-01']);
    expect(months.chartData.bars[6]).toMatchObject({ start: '2036-01-01', distance: 50_000 });
    const profile = okData(await h.send('GET', '/api/user-profile-summary', sums.token), profileSummaryData);
    expect(profile).toMatchObject({ activities: 4, distanceMetres: 93_000, elevationMetres: 480 });
  });
});
