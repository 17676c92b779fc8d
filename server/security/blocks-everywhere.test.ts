import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSaved, feed } from '#contract/feeds';
import { insertActivity } from '../modules/activities/activity-test-rows';
import { eventHelpers } from '../modules/events/event-test-helpers';
import { body, createTestApp, okData, type TestApp } from '../test/test-app';
import { routesTakingIds } from './route-ids';

// Check 13, blocks both ways on the server: after A blocks B, and after B blocks A, B acting on anything of A's by id
// (her profile lists, posts, comments, reactions, events, their people and comments, routes) gets the answer for
// something that does not exist, and A's things are as they were. The routes are read from the server's route table,
// as check 10 reads them: a new route that takes an id fails here until it has an entry (a case, or why a block has
// nothing to hide there). Lists without ids (feeds, members, events, notifications, pickers) are walked area by area
// in server/modules/moderation/blocks.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const h = eventHelpers(() => t);
const { send } = h;
type Member = Awaited<ReturnType<typeof h.member>>;

/** An id no row has. */
const UNKNOWN = 2_000_000_000;

/** A's things, which B could reach before the block; `ids` are swapped for UNKNOWN to ask for nothing. */
type World = { a: Member; b: Member; feedId: number; commentId: number; eventId: number; eventCommentId: number; routeId: number; activityId: number; activityCommentId: number; gearId: number; marker: string };

/** What B sends, naming A's things (or, with `nothing`, the same call naming ids that do not exist). */
type Ids = { user: number; feed: number; comment: number; event: number; eventComment: number; route: number; activity: number; activityComment: number; gear: number; self: number };
type Call = (w: World, ids: Ids) => Promise<LightMyRequestResponse>;
type Entry = { call: Call } | { exempt: string };

async function world(blocker: 'A' | 'B'): Promise<World> {
  const a = await h.member({ firstName: 'Ana' });
  const b = await h.member({ firstName: 'Ben' });
  const marker = `mark${a.userId}x${Date.now()}`;
  const feedId = okData(await send('POST', '/api/feed', a.token, { title: `Post ${marker}`, description: '', isDraft: false }), feed).id;
  const commentId = okData(await send('POST', '/api/feed/comment', a.token, { feedId, comment: `Comment ${marker}` }), commentSaved).comment.commentId;
  const route = await h.route(a);
  const saved = await h.create(a, { eventName: `Ride ${marker}`, routeId: route.routeId });
  const said = await send('POST', '/api/challenge/comment', a.token, { eventId: saved.id, comment: `Event comment ${marker}` });
  expect(said.statusCode, said.body).toBe(200);
  const eventCommentId = (body(said).data as { comment: { commentId: number } }).comment.commentId;
  const activityId = await insertActivity(t.db, a.userId, { title: `Activity ${marker}` });
  const noted = await send('POST', '/api/activity/comment', a.token, { activityId, comment: `Activity comment ${marker}` });
  expect(noted.statusCode, noted.body).toBe(200);
  const activityCommentId = (body(noted).data as { comment: { commentId: number } }).comment.commentId;
  const piece = await send('POST', '/api/userSaveEquipment', a.token, { sportId: 53, title: `Bike ${marker}`, isDraft: false });
  expect(piece.statusCode, piece.body).toBe(200);
  const gearId = (body(piece).data as { id: number }).id;
  // Before the block B reaches all of it.
  expect((await send('GET', `/api/feed/${feedId}`, b.token)).statusCode).toBe(200);
  expect((await send('GET', `/api/getChallengeDetails?id=${saved.id}`, b.token)).statusCode).toBe(200);
  expect((await send('GET', `/api/route/${route.routeId}`, b.token)).statusCode).toBe(200);
  expect((await send('GET', `/api/activity/${activityId}`, b.token)).statusCode).toBe(200);
  expect((await send('GET', `/api/equipment/${gearId}`, b.token)).statusCode).toBe(200);
  const [blocking, blocked] = blocker === 'A' ? [a, b] : [b, a];
  expect((await send('POST', '/api/block', blocking.token, { userId: blocked.userId })).statusCode).toBe(200);
  return { a, b, feedId, commentId, eventId: saved.id, eventCommentId, routeId: route.routeId, activityId, activityCommentId, gearId, marker };
}

const get = (url: (i: Ids) => string): Entry => ({ call: (w, i) => send('GET', url(i), w.b.token) });
const post = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: (i: Ids) => object): Entry => ({
  call: (w, i) => send(method, url, w.b.token, payload(i)),
});
const LIKE = 'U+2764';
const ownRows =
  'the id names one of the caller’s own rows (their report, notification, export, session, appeal), which a block does not ' +
  'reach; another member’s is check 10’s 404 (object-access.test.ts).';

const entries: Record<string, Entry> = {
  'GET /api/user-profile': get((i) => `/api/user-profile?userId=${i.user}`),
  'GET /api/follower': get((i) => `/api/follower?userId=${i.user}`),
  'GET /api/following': get((i) => `/api/following?userId=${i.user}`),
  'POST /api/follow': post('POST', '/api/follow', (i) => ({ userId: i.user })),
  'GET /api/feed': get((i) => `/api/feed?userId=${i.user}`),
  'GET /api/video-feed': get((i) => `/api/video-feed?userId=${i.user}`),
  // Tagging A in a short of B's: refused as for nobody (the video named is nobody's, and asked after the tags).
  'POST /api/video-feed': post('POST', '/api/video-feed', (i) => ({ title: 'Hi', description: '', isDraft: false, tagUser: [i.user], videos: ['A'.repeat(22)] })),
  'PUT /api/video-feed': post('PUT', '/api/video-feed', (i) => ({ id: i.feed, title: 'Mine now', description: '', isDraft: false, videos: ['A'.repeat(22)] })),
  'GET /api/feed/:feedId': get((i) => `/api/feed/${i.feed}`),
  'PUT /api/feed': post('PUT', '/api/feed', (i) => ({ id: i.feed, title: 'Mine now', description: '', isDraft: false })),
  'DELETE /api/feedDelete': post('DELETE', '/api/feedDelete', (i) => ({ feedId: i.feed })),
  'POST /api/feed/like': post('POST', '/api/feed/like', (i) => ({ feedId: i.feed, likeUniCode: LIKE })),
  'GET /api/feed/likes': get((i) => `/api/feed/likes?feedId=${i.feed}`),
  'GET /api/feed/comment': get((i) => `/api/feed/comment?feedId=${i.feed}`),
  'POST /api/feed/comment': post('POST', '/api/feed/comment', (i) => ({ feedId: i.feed, comment: 'Hello?' })),
  'POST /api/feed/updateFeedComment': post('POST', '/api/feed/updateFeedComment', (i) => ({ feedId: i.feed, commentId: i.comment, comment: 'Edited' })),
  'POST /api/feed/comment/like': post('POST', '/api/feed/comment/like', (i) => ({ commentId: i.comment, isLiked: true })),
  'POST /api/feed/delete-comment': post('POST', '/api/feed/delete-comment', (i) => ({ feedId: i.feed, commentId: i.comment })),
  'GET /api/getChallengeDetails': get((i) => `/api/getChallengeDetails?id=${i.event}`),
  'PUT /api/challenge': { call: (w, i) => h.editCall(w.b, i.event, { eventName: 'Mine now' }) },
  'POST /api/challenge/publish': post('POST', '/api/challenge/publish', (i) => ({ challengeId: i.event })),
  'DELETE /api/challenge': post('DELETE', '/api/challenge', (i) => ({ challengeId: i.event })),
  'POST /api/challenge/cancel': post('POST', '/api/challenge/cancel', (i) => ({ challengeId: i.event })),
  'POST /api/challenge/interestedChallengetoggle': post('POST', '/api/challenge/interestedChallengetoggle', (i) => ({ challengeId: i.event })),
  'POST /api/challenge/join': post('POST', '/api/challenge/join', (i) => ({ challengeId: i.event })),
  'POST /api/challenge/opt-out': post('POST', '/api/challenge/opt-out', (i) => ({ challengeId: i.event })),
  'POST /api/challenge/member/invite': post('POST', '/api/challenge/member/invite', (i) => ({ challengeId: i.event, userIds: [i.self] })),
  'POST /api/challenge/cohost/accept': post('POST', '/api/challenge/cohost/accept', (i) => ({ challengeId: i.event })),
  'POST /api/challenge/cohost/decline': post('POST', '/api/challenge/cohost/decline', (i) => ({ challengeId: i.event })),
  'GET /api/challenge/people': get((i) => `/api/challenge/people?challengeId=${i.event}&list=going`),
  'GET /api/challenge/:challengeId/calendar.ics': get((i) => `/api/challenge/${i.event}/calendar.ics`),
  'GET /api/challenge/comment': get((i) => `/api/challenge/comment?eventId=${i.event}`),
  'POST /api/challenge/comment': post('POST', '/api/challenge/comment', (i) => ({ eventId: i.event, comment: 'Hello?' })),
  'POST /api/challenge/updateChallengeComment': post('POST', '/api/challenge/updateChallengeComment', (i) => ({ eventId: i.event, commentId: i.eventComment, comment: 'Edited' })),
  'POST /api/challenge/comment/challengeCommentLikeStore': post('POST', '/api/challenge/comment/challengeCommentLikeStore', (i) => ({ commentId: i.eventComment, isLiked: true })),
  'DELETE /api/challenge/DeleteComment': post('DELETE', '/api/challenge/DeleteComment', (i) => ({ eventId: i.event, commentId: i.eventComment })),
  'POST /api/saveProductLike': post('POST', '/api/saveProductLike', (i) => ({ id: i.event, likeUniCode: LIKE, type: 'challenge' })),
  'GET /api/challenge/likes': get((i) => `/api/challenge/likes?challengeId=${i.event}`),
  'GET /api/route/:routeId': get((i) => `/api/route/${i.route}`),
  'GET /api/route/:routeId/route.gpx': get((i) => `/api/route/${i.route}/route.gpx`),
  'GET /api/challenge/progress': get((i) => `/api/challenge/progress?challengeId=${i.event}`),
  'POST /api/getActivity': post('POST', '/api/getActivity', (i) => ({ userId: i.user })),
  'GET /api/getSportsActivity': get((i) => `/api/getSportsActivity?userId=${i.user}`),
  'GET /api/getUserProfileSportEquipment': get((i) => `/api/getUserProfileSportEquipment?userId=${i.user}`),
  'GET /api/equipment/:gearId': get((i) => `/api/equipment/${i.gear}`),
  'POST /api/userSaveEquipment': post('POST', '/api/userSaveEquipment', (i) => ({ id: i.gear, sportId: 53, title: 'Mine now', isDraft: false })),
  'POST /api/equipment/retire': post('POST', '/api/equipment/retire', (i) => ({ id: i.gear, retired: true })),
  'DELETE /api/deleteEquipment': post('DELETE', '/api/deleteEquipment', (i) => ({ id: i.gear })),
  'POST /api/shareEquipment': post('POST', '/api/shareEquipment', (i) => ({ id: i.gear })),
  'POST /api/activity/gear': post('POST', '/api/activity/gear', (i) => ({ activityId: i.activity, gearIds: [] })),
  'POST /api/equipment/component': { exempt: ownRows },
  // Issue 25: associateId names an associate the caller manages (another's is check 10's 404); a block between an
  // owner and their own associate changes nothing of the management.
  ...Object.fromEntries(
    ['POST /api/associate/add', 'GET /api/associate/profile', 'POST /api/associate/status', 'POST /api/associate/remove', 'GET /api/associate/permissions', 'POST /api/associate/permissions', 'POST /api/associate/invitation'].map(
      (key) => [key, { exempt: 'associateId names an associate the caller manages (their own row); another owner’s is check 10’s 404 (object-access.test.ts).' }],
    ),
  ),
  'POST /api/equipment/component/move': { exempt: ownRows },
  // Issue 26: a live session is watched by the policy's viewers (live-policy.ts), a block either way ruling one out:
  // the viewer table of server/modules/live/live.test.ts has a blocked member and a member who blocked the sharer, and
  // server/realtime/live-watch.test.ts cuts a watching socket within 5 s of a block either way. The sharer's own
  // routes (positions, state, stop, people, links) answer 404 for anyone else's session (check 10); naming a blocked
  // member to watch is refused (live.test.ts).
  ...Object.fromEntries(
    [
      'POST /api/live',
      'GET /api/live',
      'GET /api/live/:liveId',
      'GET /api/live/:liveId/own',
      'POST /api/live/:liveId/positions',
      'POST /api/live/:liveId/state',
      'POST /api/live/:liveId/ok',
      'POST /api/live/:liveId/stop',
      'PUT /api/live/:liveId/people',
      'POST /api/live/:liveId/links',
      'DELETE /api/live/:liveId/links/:linkId',
      'GET /api/live/shared/:token',
    ].map((key) => [key, { exempt: 'live sessions: blocks both ways are the policy’s (live-policy.ts), tested in live.test.ts and live-watch.test.ts.' }]),
  ),
  'POST /api/equipment/component/service': { exempt: ownRows },
  'DELETE /api/equipment/component': { exempt: ownRows },
  'GET /api/sportEquipmentOptions': { exempt: 'sportId picks a sport from the fixed catalogue; the answer is the same gear form for every member.' },
  'GET /api/activity/summary': get((i) => `/api/activity/summary?userId=${i.user}`),
  'GET /api/activity/:activityId': get((i) => `/api/activity/${i.activity}`),
  'GET /api/getActivityCoordinate': get((i) => `/api/getActivityCoordinate?activityId=${i.activity}`),
  'GET /api/activity/:activityId/gpx': get((i) => `/api/activity/${i.activity}/gpx`),
  'GET /api/activity/:activityId/original': get((i) => `/api/activity/${i.activity}/original`),
  'PUT /api/activity': post('PUT', '/api/activity', (i) => ({ id: i.activity, title: 'Mine now', description: '', sportId: 34, visibility: 'everyone' })),
  'DELETE /api/activity': post('DELETE', '/api/activity', (i) => ({ activityId: i.activity })),
  'POST /api/activity/like': post('POST', '/api/activity/like', (i) => ({ activityId: i.activity, likeUniCode: LIKE })),
  'GET /api/activity/likes': get((i) => `/api/activity/likes?activityId=${i.activity}`),
  'GET /api/activity/comment': get((i) => `/api/activity/comment?activityId=${i.activity}`),
  'POST /api/activity/comment': post('POST', '/api/activity/comment', (i) => ({ activityId: i.activity, comment: 'Hello?' })),
  'POST /api/activity/comment/edit': post('POST', '/api/activity/comment/edit', (i) => ({ activityId: i.activity, commentId: i.activityComment, comment: 'Edited' })),
  'POST /api/activity/comment/like': post('POST', '/api/activity/comment/like', (i) => ({ commentId: i.activityComment, isLiked: true })),
  'DELETE /api/activity/comment': post('DELETE', '/api/activity/comment', (i) => ({ activityId: i.activity, commentId: i.activityComment })),

  'POST /api/block': { exempt: 'blocking and unblocking is the call itself: the blocker must reach the member they blocked to unblock them.' },
  'POST /api/following/notification': { exempt: 'muting writes only the caller’s own mute; it shows the muted member nothing (blocks.test.ts covers mutes).' },
  'POST /api/unFollow': { exempt: 'it removes only the caller’s own follow edge or request, which the block already removed.' },
  'POST /api/follow/accept': { exempt: 'it acts on a request to the caller; the block removed every request between the two, so there is none to accept.' },
  'DELETE /api/deleteFollowRequest': { exempt: 'it declines a request to the caller; the block removed every request between the two.' },
  'POST /api/follower/remove': { exempt: 'it removes one of the caller’s own followers; the block removed the edges between the two already.' },
  'POST /api/user/report': {
    exempt: 'reporting stays possible after blocking (Mastodon #23249); a member who blocked the reporter answers 404 (reports.test.ts).',
  },
  'POST /api/report-feed': { exempt: 'as POST /api/user/report: the blocker may report what they blocked; reports.test.ts covers both ways.' },
  'POST /api/report-event': { exempt: 'as POST /api/user/report: the blocker may report what they blocked; reports.test.ts covers both ways.' },
  'POST /api/report-feed-comment': { exempt: 'as POST /api/user/report: the blocker may report what they blocked; reports.test.ts covers both ways.' },
  'POST /api/report-activity': { exempt: 'as POST /api/user/report: the blocker may report what they blocked; reports.test.ts covers both ways.' },
  'DELETE /api/report-activity': { exempt: ownRows },
  'POST /api/short-video-report': { exempt: 'as POST /api/report-feed: a short is a post of kind short, reported by the same rule.' },
  'POST /api/shortVideoReportedComment': { exempt: 'as POST /api/report-feed-comment: a comment on a short, reported by the same rule.' },
  'DELETE /api/short-video-report': { exempt: ownRows },
  'DELETE /api/shortVideoReportedComment': { exempt: ownRows },
  'GET /api/activity/import/:importId': { exempt: ownRows },
  'GET /api/video-upload/:key': { exempt: ownRows },
  'POST /api/video-upload/:key/poster': { exempt: ownRows },
  'HEAD /api/video-uploads/:uploadId': { exempt: ownRows },
  'PATCH /api/video-uploads/:uploadId': { exempt: ownRows },
  'DELETE /api/video-uploads/:uploadId': { exempt: ownRows },
  'PUT /api/privacy-zones': { exempt: 'zones.id names the caller’s own privacy zones; another member’s is refused as none (object-access.test.ts).' },
  'POST /api/activity': { exempt: 'sportId picks a sport from the fixed catalogue; the call creates the caller’s own activity.' },
  'DELETE /api/user/report': { exempt: ownRows },
  'DELETE /api/report-delete-feed': { exempt: ownRows },
  'DELETE /api/report-event': { exempt: ownRows },
  'DELETE /api/report-delete-comment': { exempt: ownRows },
  'POST /api/notifications/read': { exempt: ownRows },
  'GET /api/account/exports/:exportId': { exempt: ownRows },
  'GET /api/account/exports/:exportId/download': { exempt: ownRows },
  'DELETE /api/account/sessions/:sessionId': { exempt: ownRows },
  'POST /api/moderation/decisions/:actionId/appeal': { exempt: ownRows },
  'GET /api/moderation/case': { exempt: 'moderators review what members report whoever blocked whom; members get 403 (review.test.ts).' },
  'POST /api/moderation/actions': { exempt: 'moderators decide on reports whoever blocked whom; members get 403 (review.test.ts).' },
  'POST /api/moderation/appeals/:appealId': { exempt: 'moderators decide appeals whoever blocked whom; members get 403 (review.test.ts).' },
  'POST /api/feed': { exempt: 'creating never names another member’s post: an id is refused, activityId and gearId name the caller’s own (check 10).' },
  'POST /api/challenge': { exempt: 'creating never names another member’s event: an id is refused and routeId names the caller’s own (check 10).' },
  'GET /media/:key/:file': {
    exempt:
      'a picture of a post every member may see is served to whoever holds its 128-bit URL (check 14); while a block stands no view ' +
      'hands the other member that URL, and any other picture needs a signature or a token the policy (with blocks) accepts.',
  },
  'GET /api/user/all': { exempt: 'sportId picks a sport from the fixed catalogue; member search leaves blocked members out (blocks.test.ts).' },
  'POST /api/change_mobile': { exempt: 'countryId picks a country from a fixed list; the phone is the caller’s own.' },
  'POST /api/update_mobile': { exempt: 'countryId picks a country from a fixed list; the phone is the caller’s own.' },
  'POST /api/route': { exempt: 'sportId picks a sport from the fixed catalogue; the call creates the caller’s own route.' },
  'GET /api/docs/static/*': { exempt: 'static files of the API documentation page; nobody’s content.' },
};

describe('check 13: blocks hold both ways on every route that takes an id', () => {
  it('every route that takes an id has an entry, and every entry names such a route', () => {
    const taking = routesTakingIds(t.app.routeTable);
    const missing = [...taking.keys()].filter((key) => !(key in entries));
    expect(missing, `add a case or exemption to server/security/blocks-everywhere.test.ts for:\n  ${missing.join('\n  ')}\n`).toEqual([]);
    expect(Object.keys(entries).filter((key) => !taking.has(key))).toEqual([]);
    for (const [key, entry] of Object.entries(entries)) if ('exempt' in entry) expect(entry.exempt.length, key).toBeGreaterThan(40);
  });

  const cases = Object.entries(entries).flatMap(([key, entry]) => ('call' in entry ? [[key, entry.call] as const] : []));
  describe.each(['A', 'B'] as const)('after %s blocks the other', (blocker) => {
    let w: World;
    beforeAll(async () => {
      w = await world(blocker);
    });

    it.each(cases)('%s: B naming A’s thing gets the answer for nothing, and no trace of A', async (key, call) => {
      const asked = await call(w, {
        user: w.a.userId,
        feed: w.feedId,
        comment: w.commentId,
        event: w.eventId,
        eventComment: w.eventCommentId,
        route: w.routeId,
        activity: w.activityId,
        activityComment: w.activityCommentId,
        gear: w.gearId,
        self: w.b.userId,
      });
      const nothing = await call(w, { user: UNKNOWN, feed: UNKNOWN, comment: UNKNOWN, event: UNKNOWN, eventComment: UNKNOWN, route: UNKNOWN, activity: UNKNOWN, activityComment: UNKNOWN, gear: UNKNOWN, self: w.b.userId });
      expect(asked.body).not.toContain(w.marker);
      if (key === 'GET /api/user-profile' && blocker === 'B') {
        // The blocker keeps the header of whom they blocked, to unblock from, and nothing of their content.
        expect(body(asked).data).toMatchObject({ isBlocked: true, canViewContent: false });
        return;
      }
      if ((key === 'GET /api/feed' || key === 'GET /api/video-feed') && blocker === 'B') {
        expect(body(asked).data).toMatchObject({ list: [], total: 0 });
        return;
      }
      expect(asked.statusCode, asked.body).toBe(nothing.statusCode);
      expect(asked.statusCode).toBeGreaterThanOrEqual(400);
      expect(body(asked)).toEqual(body(nothing));
    });

    it('left A’s things as they were', async () => {
      const p = okData(await send('GET', `/api/feed/${w.feedId}`, w.a.token), feed);
      expect(p).toMatchObject({ title: `Post ${w.marker}`, commentCount: 1 });
      expect(await h.detail(w.a, w.eventId)).toMatchObject({ eventName: `Ride ${w.marker}`, cancelledAt: null, isDraft: false });
      expect(body(await send('GET', `/api/activity/${w.activityId}`, w.a.token)).data).toMatchObject({ title: `Activity ${w.marker}`, commentCount: 1, likes: { total: 0 } });
      expect(body(await send('GET', `/api/equipment/${w.gearId}`, w.a.token)).data).toMatchObject({ gear: { title: `Bike ${w.marker}`, retiredAt: null } });
    });
  });
});
