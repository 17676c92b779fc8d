import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataExport } from '#contract/account';
import { sessionsData } from '#contract/account-security';
import { commentSaved, feed, feedCommentList, feedList } from '#contract/feeds';
import { eventCommentList, eventCommentSaved } from '#contract/event-comments';
import { gear } from '#contract/gear';
import { route } from '#contract/map-routes';
import { compressImageData } from '#contract/media';
import { notificationList } from '#contract/notifications';
import { memberList, relationship } from '#contract/social';
import { insertEvent } from '../modules/events/event-test-rows';
import { activityObjectAccessCases } from '../modules/activities/object-access-cases';
import { associateObjectAccessCases } from '../modules/associates/object-access-cases';
import { gearObjectAccessCases } from '../modules/gear/object-access-cases';
import { liveObjectAccessCases } from '../modules/live/object-access-cases';
import { eventObjectAccessCases } from '../modules/events/object-access-cases';
import { reportObjectAccessCases } from '../modules/reports/object-access-cases';
import { videoObjectAccessCases } from '../modules/videos/object-access-cases';
import { shortObjectAccessCases } from '../modules/feeds/short-object-access-cases';
import { imageForm, solid } from '../modules/media/test-images';
import { body, createTestApp, okData, type TestApp } from '../test/test-app';
import { idInputs, routesTakingIds } from './route-ids';

// Check 10, object access (BOLA): for every route that takes an id, member B acting on member A's object gets 404,
// the same answer as for an object that does not exist, and A's object is as it was. The routes are read from the
// server's own route table (`app.routeTable`), so a new route taking an id fails here until it has an entry below.

let t: TestApp;
beforeAll(async () => {
  // Jobs run when a case drains them (an export is made by a job).
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<TestApp['signUp']>>;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

async function member(opts: { private?: boolean } = {}) {
  const m = await t.signUp();
  if (opts.private) expect((await send('POST', '/api/profileSetting', m.token, { isPrivate: true })).statusCode).toBe(200);
  return m;
}

const follow = async (who: Member, whom: Member) => okData(await send('POST', '/api/follow', who.token, { userId: whom.userId }), relationship);
const listOf = async (url: string, who: Member) => okData(await send('GET', url, who.token), memberList).list.map((m) => m.userId);

function expectNotFound(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(404);
  expect(body(res)).toMatchObject({ code: 404 });
}

/** B's answer says nothing an unknown id's answer does not: same status, same body. */
function expectSameAsUnknown(res: LightMyRequestResponse, unknown: LightMyRequestResponse) {
  expectNotFound(res);
  expect(body(res)).toEqual(body(unknown));
}

/** A's pending follow request from C: the follow edge C -> A is A's to answer, nobody else's. */
async function requestToPrivateA() {
  const a = await member({ private: true });
  const b = await member();
  const c = await member();
  expect(await follow(c, a)).toMatchObject({ isRequested: true });
  return { a, b, c };
}

/** A's notifications (C's follow made one), read as A. */
async function notificationsOf(m: Member) {
  return okData(await send('GET', '/api/notifications', m.token), notificationList);
}

async function startedExport(m: Member) {
  return okData(await send('GET', '/api/account/export', m.token), dataExport).exportId;
}

/** A published post by `m`; answers its id. */
const publishedPost = async (m: Member) => okData(await send('POST', '/api/feed', m.token, { title: 'Loop', description: '', isDraft: false }), feed).id;

const commentOn = async (m: Member, feedId: number, comment: string, parentId?: number) =>
  okData(await send('POST', '/api/feed/comment', m.token, { feedId, comment, ...(parentId ? { parentId } : {}) }), commentSaved).comment;
const commentsOf = async (m: Member, feedId: number) => okData(await send('GET', `/api/feed/comment?feedId=${feedId}`, m.token), feedCommentList).list;

/** A published event organised by `m` (public unless asked), and comments on events, as the event tests make them. */
const eventOf = (m: Member, whoCanSee: 'public' | 'invite' = 'public') => insertEvent(t.db, m.userId, { whoCanSee });
const eventCommentOn = async (m: Member, eventId: number, comment: string) =>
  okData(await send('POST', '/api/challenge/comment', m.token, { eventId, comment }), eventCommentSaved).comment;
const eventCommentsOf = async (m: Member, eventId: number) => okData(await send('GET', `/api/challenge/comment?eventId=${eventId}`, m.token), eventCommentList).list;

/** A's post as A reads it. */
const postOf = async (m: Member, feedId: number) => okData(await send('GET', `/api/feed/${feedId}`, m.token), feed);

/** A `feed` photo uploaded by `m`. */
async function feedPhoto(m: Member) {
  const form = imageForm(await solid(40, 30, 'png'), { type: 'feed' });
  const res = await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(m.token) } });
  return okData(res, compressImageData).images[0]!;
}

/** An id no row has: the answer B's call is compared with. */
const UNKNOWN_ID = 2_000_000_000;

type Entry = { case: () => Promise<void> } | { exempt: string };

/**
 * One entry per route that takes an id, keyed `METHOD url` as the route table has it. A case sets up A's object and
 * has B act on it; an exemption says why the id is not another member's object to protect.
 */
const entries: Record<string, Entry> = {
  // The event routes of server/modules/events (their cases live beside them).
  ...eventObjectAccessCases(() => t),
  ...activityObjectAccessCases(() => t),
  ...gearObjectAccessCases(() => t),
  ...associateObjectAccessCases(() => t),
  ...liveObjectAccessCases(() => t),
  // The report and moderation routes of server/modules/reports and server/modules/moderation.
  ...reportObjectAccessCases(() => t),
  // The video upload routes of server/modules/videos.
  ...videoObjectAccessCases(() => t),
  ...shortObjectAccessCases(() => t),
  'POST /api/follow/accept': {
    // B accepting a request that went to A.
    async case() {
      const { a, b, c } = await requestToPrivateA();
      expectNotFound(await send('POST', '/api/follow/accept', b.token, { userId: c.userId }));
      expect(await listOf('/api/followerRequest', a)).toEqual([c.userId]);
      expect(await listOf('/api/following', c)).toEqual([]);
      // Still A's to accept.
      expect((await send('POST', '/api/follow/accept', a.token, { userId: c.userId })).statusCode).toBe(200);
      expect(await listOf('/api/following', c)).toEqual([a.userId]);
    },
  },

  'DELETE /api/deleteFollowRequest': {
    // B declining a request that went to A.
    async case() {
      const { a, b, c } = await requestToPrivateA();
      expectNotFound(await send('DELETE', '/api/deleteFollowRequest', b.token, { userId: c.userId }));
      expect(await listOf('/api/followerRequest', a)).toEqual([c.userId]);
      expect((await send('DELETE', '/api/deleteFollowRequest', a.token, { userId: c.userId })).statusCode).toBe(200);
      expect(await listOf('/api/followerRequest', a)).toEqual([]);
    },
  },

  'POST /api/follower/remove': {
    // B removing someone who follows A, not B.
    async case() {
      const a = await member();
      const b = await member();
      const c = await member();
      await follow(c, a);
      expectNotFound(await send('POST', '/api/follower/remove', b.token, { userId: c.userId }));
      expect(await listOf('/api/follower', a)).toEqual([c.userId]);
      expect((await send('POST', '/api/follower/remove', a.token, { userId: c.userId })).statusCode).toBe(200);
      expect(await listOf('/api/follower', a)).toEqual([]);
    },
  },

  'POST /api/notifications/read': {
    // B marking A's notification (C followed A) as read, one by id or all at once.
    async case() {
      const a = await member();
      const b = await member();
      const c = await member();
      await follow(c, a);
      const [mine] = (await notificationsOf(a)).list;
      expect(mine).toMatchObject({ kind: 'new_follower', isRead: false });
      const unknown = await send('POST', '/api/notifications/read', b.token, { notificationId: UNKNOWN_ID });
      expectSameAsUnknown(await send('POST', '/api/notifications/read', b.token, { notificationId: mine!.id }), unknown);
      // Marking all of B's own read touches none of A's.
      expect((await send('POST', '/api/notifications/read', b.token, {})).statusCode).toBe(200);
      expect(await notificationsOf(a)).toMatchObject({ unreadCount: 1, list: [{ id: mine!.id, isRead: false }] });
      expect((await send('POST', '/api/notifications/read', a.token, { notificationId: mine!.id })).statusCode).toBe(200);
      expect(await notificationsOf(a)).toMatchObject({ unreadCount: 0, list: [{ id: mine!.id, isRead: true }] });
    },
  },

  'GET /api/account/exports/:exportId': {
    // B reading the status of A's export.
    async case() {
      const a = await member();
      const b = await member();
      const exportId = await startedExport(a);
      await t.app.deps.jobs.drain();
      const unknown = await send('GET', `/api/account/exports/${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/account/exports/${exportId}`, b.token), unknown);
      expect(okData(await send('GET', `/api/account/exports/${exportId}`, a.token), dataExport)).toMatchObject({ exportId, status: 'ready' });
    },
  },

  'GET /api/account/exports/:exportId/download': {
    // B downloading A's zip: everything stored about A, e-mail included.
    async case() {
      const a = await member();
      const b = await member();
      const exportId = await startedExport(a);
      await t.app.deps.jobs.drain();
      const unknown = await send('GET', `/api/account/exports/${UNKNOWN_ID}/download`, b.token);
      const res = await send('GET', `/api/account/exports/${exportId}/download`, b.token);
      expectSameAsUnknown(res, unknown);
      expect(res.body).not.toContain(a.email);
      const own = await send('GET', `/api/account/exports/${exportId}/download`, a.token);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/zip');
    },
  },

  'DELETE /api/account/sessions/:sessionId': {
    // B signing out A's device.
    async case() {
      const a = await member();
      const b = await member();
      const [device] = okData(await send('GET', '/api/account/sessions', a.token), sessionsData);
      const unknown = await send('DELETE', `/api/account/sessions/${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('DELETE', `/api/account/sessions/${device!.sessionId}`, b.token), unknown);
      expect(okData(await send('GET', '/api/account/sessions', a.token), sessionsData)).toEqual([device]);
    },
  },

  'GET /api/feed/comment': {
    // B reading the comments on private A's post.
    async case() {
      const a = await member({ private: true });
      const b = await member();
      const feedId = await publishedPost(a);
      const mine = await commentOn(a, feedId, 'Members only');
      const unknown = await send('GET', `/api/feed/comment?feedId=${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/feed/comment?feedId=${feedId}`, b.token), unknown);
      expectSameAsUnknown(await send('GET', `/api/feed/comment?feedId=${feedId}&parentId=${mine.commentId}`, b.token), unknown);
      // A's comment named as the parent under B's own post: the same as a comment that does not exist.
      const own = await publishedPost(b);
      const unknownParent = await send('GET', `/api/feed/comment?feedId=${own}&parentId=${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/feed/comment?feedId=${own}&parentId=${mine.commentId}`, b.token), unknownParent);
      expect(await commentsOf(a, feedId)).toMatchObject([{ commentId: mine.commentId, comment: 'Members only' }]);
    },
  },

  'POST /api/feed/comment': {
    // B commenting on private A's post, and B hanging a reply on A's comment from B's own post.
    async case() {
      const a = await member({ private: true });
      const b = await member();
      const feedId = await publishedPost(a);
      const mine = await commentOn(a, feedId, 'Mine');
      const unknownPost = await send('POST', '/api/feed/comment', b.token, { feedId: UNKNOWN_ID, comment: 'Hi' });
      expectSameAsUnknown(await send('POST', '/api/feed/comment', b.token, { feedId, comment: 'Hi' }), unknownPost);
      expectSameAsUnknown(await send('POST', '/api/feed/comment', b.token, { feedId, parentId: mine.commentId, comment: 'Hi' }), unknownPost);
      const own = await publishedPost(b);
      const unknownParent = await send('POST', '/api/feed/comment', b.token, { feedId: own, parentId: UNKNOWN_ID, comment: 'Hi' });
      expectSameAsUnknown(await send('POST', '/api/feed/comment', b.token, { feedId: own, parentId: mine.commentId, comment: 'Hi' }), unknownParent);
      expect(await commentsOf(a, feedId)).toMatchObject([{ commentId: mine.commentId, replyCount: 0, reply: [] }]);
      expect(await commentsOf(b, own)).toEqual([]);
    },
  },

  'POST /api/feed/updateFeedComment': {
    // B rewriting A's comment on A's public post.
    async case() {
      const a = await member();
      const b = await member();
      const feedId = await publishedPost(a);
      const mine = await commentOn(a, feedId, 'As written');
      const unknown = await send('POST', '/api/feed/updateFeedComment', b.token, { feedId, commentId: UNKNOWN_ID, comment: 'Changed' });
      expectSameAsUnknown(await send('POST', '/api/feed/updateFeedComment', b.token, { feedId, commentId: mine.commentId, comment: 'Changed' }), unknown);
      expect(await commentsOf(a, feedId)).toMatchObject([{ commentId: mine.commentId, comment: 'As written', editedAt: null }]);
    },
  },

  'POST /api/feed/comment/like': {
    // B liking A's comment on private A's post.
    async case() {
      const a = await member({ private: true });
      const b = await member();
      const feedId = await publishedPost(a);
      const mine = await commentOn(a, feedId, 'Members only');
      const unknown = await send('POST', '/api/feed/comment/like', b.token, { commentId: UNKNOWN_ID, isLiked: true });
      expectSameAsUnknown(await send('POST', '/api/feed/comment/like', b.token, { commentId: mine.commentId, isLiked: true }), unknown);
      expect(await commentsOf(a, feedId)).toMatchObject([{ commentId: mine.commentId, likeCount: 0 }]);
    },
  },

  'POST /api/feed/delete-comment': {
    // B deleting A's comment on A's public post (B wrote neither).
    async case() {
      const a = await member();
      const b = await member();
      const feedId = await publishedPost(a);
      const mine = await commentOn(a, feedId, 'Keep me');
      const unknown = await send('POST', '/api/feed/delete-comment', b.token, { feedId, commentId: UNKNOWN_ID });
      expectSameAsUnknown(await send('POST', '/api/feed/delete-comment', b.token, { feedId, commentId: mine.commentId }), unknown);
      expect(await commentsOf(a, feedId)).toMatchObject([{ commentId: mine.commentId, comment: 'Keep me' }]);
    },
  },

  'GET /api/feed/:feedId': {
    // B reading private A's post, and public A's draft.
    async case() {
      const a = await member({ private: true });
      const b = await member();
      const feedId = await publishedPost(a);
      const unknown = await send('GET', `/api/feed/${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/feed/${feedId}`, b.token), unknown);
      const c = await member();
      const draft = okData(await send('POST', '/api/feed', c.token, { title: 'Draft', description: '', isDraft: true }), feed).id;
      expectSameAsUnknown(await send('GET', `/api/feed/${draft}`, b.token), unknown);
      expect(await postOf(a, feedId)).toMatchObject({ id: feedId, title: 'Loop' });
    },
  },

  // B listing private A's followers or following by userId: refused with the reason (a member's existence and
  // privacy show on their profile header anyway; the names behind the counts do not), and A's own lists unchanged.
  ...Object.fromEntries(
    (['follower', 'following'] as const).map((path) => [
      `GET /api/${path}`,
      {
        async case() {
          const a = await member({ private: true });
          const [b, c] = [await member(), await member()];
          await follow(c, a);
          expect((await send('POST', '/api/follow/accept', a.token, { userId: c.userId })).statusCode).toBe(200);
          if (path === 'following') await follow(a, c);
          const refused = await send('GET', `/api/${path}?userId=${a.userId}`, b.token);
          expect(refused.statusCode).toBe(403);
          expect(refused.body).not.toContain(c.handleName);
          expectNotFound(await send('GET', `/api/${path}?userId=${UNKNOWN_ID}`, b.token));
          expect(await listOf(`/api/${path}`, a)).toEqual([c.userId]);
          expect(await listOf(`/api/${path}?userId=${a.userId}`, c)).toEqual([c.userId]);
        },
      },
    ]),
  ),

  'GET /api/feed': {
    // B listing private A's posts by userId: none of them (check 12), the same as a member with no posts.
    async case() {
      const a = await member({ private: true });
      const b = await member();
      const feedId = await publishedPost(a);
      const page = okData(await send('GET', `/api/feed?userId=${a.userId}`, b.token), feedList);
      expect(page).toMatchObject({ list: [], total: 0 });
      expectNotFound(await send('GET', `/api/feed?userId=${UNKNOWN_ID}`, b.token));
      expect(okData(await send('GET', `/api/feed?userId=${a.userId}`, a.token), feedList).list.map((f) => f.id)).toEqual([feedId]);
    },
  },

  'POST /api/feed': {
    // B creating "with" A's post id: POST never edits (id is refused), and activityId names only B's own activities
    // (none exist until activities land, so any id is refused). A's post is unchanged.
    async case() {
      const a = await member();
      const b = await member();
      const feedId = await publishedPost(a);
      const res = await send('POST', '/api/feed', b.token, { id: feedId, title: 'Mine now', description: '', isDraft: false });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors).toHaveProperty('id');
      const activity = await send('POST', '/api/feed', b.token, { title: 'x', description: '', isDraft: false, activityId: 1 });
      expect(body(activity).errors).toHaveProperty('activityId');
      const piece = okData(await send('POST', '/api/userSaveEquipment', a.token, { sportId: 53, title: 'A’s bike', isDraft: false }), gear);
      const aboutTheirs = await send('POST', '/api/feed', b.token, { title: 'x', description: '', isDraft: false, gearId: piece.id });
      expect(body(aboutTheirs).errors).toEqual({ gearId: ['That gear does not exist.'] });
      expect(await postOf(a, feedId)).toMatchObject({ title: 'Loop', author: { userId: a.userId } });
    },
  },

  'PUT /api/feed': {
    // B editing A's public post.
    async case() {
      const a = await member();
      const b = await member();
      const feedId = await publishedPost(a);
      const unknown = await send('PUT', '/api/feed', b.token, { id: UNKNOWN_ID, title: 'Changed', description: '', isDraft: false });
      expectSameAsUnknown(await send('PUT', '/api/feed', b.token, { id: feedId, title: 'Changed', description: '', isDraft: false }), unknown);
      expect(await postOf(a, feedId)).toMatchObject({ title: 'Loop' });
    },
  },

  'DELETE /api/feedDelete': {
    // B deleting A's public post.
    async case() {
      const a = await member();
      const b = await member();
      const feedId = await publishedPost(a);
      const unknown = await send('DELETE', '/api/feedDelete', b.token, { feedId: UNKNOWN_ID });
      expectSameAsUnknown(await send('DELETE', '/api/feedDelete', b.token, { feedId }), unknown);
      expect(await postOf(a, feedId)).toMatchObject({ id: feedId });
    },
  },

  'POST /api/feed/like': {
    // B reacting to private A's post.
    async case() {
      const a = await member({ private: true });
      const b = await member();
      const feedId = await publishedPost(a);
      const unknown = await send('POST', '/api/feed/like', b.token, { feedId: UNKNOWN_ID, likeUniCode: 'U+2764' });
      expectSameAsUnknown(await send('POST', '/api/feed/like', b.token, { feedId, likeUniCode: 'U+2764' }), unknown);
      expect((await postOf(a, feedId)).likes.total).toBe(0);
    },
  },

  'GET /api/feed/likes': {
    // B reading who reacted to private A's post.
    async case() {
      const a = await member({ private: true });
      const b = await member();
      const feedId = await publishedPost(a);
      await send('POST', '/api/feed/like', a.token, { feedId, likeUniCode: 'U+2764' });
      const unknown = await send('GET', `/api/feed/likes?feedId=${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/feed/likes?feedId=${feedId}`, b.token), unknown);
      expect((await postOf(a, feedId)).likes.total).toBe(1);
    },
  },

  'GET /api/challenge/comment': {
    // B reading the comments on A's invite-only event.
    async case() {
      const a = await member();
      const b = await member();
      const eventId = await eventOf(a, 'invite');
      const mine = await eventCommentOn(a, eventId, 'Invited only');
      const unknown = await send('GET', `/api/challenge/comment?eventId=${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/challenge/comment?eventId=${eventId}`, b.token), unknown);
      expectSameAsUnknown(await send('GET', `/api/challenge/comment?eventId=${eventId}&parentId=${mine.commentId}`, b.token), unknown);
      expect(await eventCommentsOf(a, eventId)).toMatchObject([{ commentId: mine.commentId, comment: 'Invited only' }]);
    },
  },

  'POST /api/challenge/comment': {
    // B commenting on A's invite-only event, and B hanging a reply on A's comment from B's own event.
    async case() {
      const a = await member();
      const b = await member();
      const eventId = await eventOf(a, 'invite');
      const mine = await eventCommentOn(a, eventId, 'Mine');
      const unknownEvent = await send('POST', '/api/challenge/comment', b.token, { eventId: UNKNOWN_ID, comment: 'Hi' });
      expectSameAsUnknown(await send('POST', '/api/challenge/comment', b.token, { eventId, comment: 'Hi' }), unknownEvent);
      expectSameAsUnknown(await send('POST', '/api/challenge/comment', b.token, { eventId, parentId: mine.commentId, comment: 'Hi' }), unknownEvent);
      const own = await eventOf(b);
      const unknownParent = await send('POST', '/api/challenge/comment', b.token, { eventId: own, parentId: UNKNOWN_ID, comment: 'Hi' });
      expectSameAsUnknown(await send('POST', '/api/challenge/comment', b.token, { eventId: own, parentId: mine.commentId, comment: 'Hi' }), unknownParent);
      expect(await eventCommentsOf(a, eventId)).toMatchObject([{ commentId: mine.commentId, replyCount: 0, reply: [] }]);
      expect(await eventCommentsOf(b, own)).toEqual([]);
    },
  },

  'POST /api/challenge/updateChallengeComment': {
    // B rewriting A's comment on A's public event.
    async case() {
      const a = await member();
      const b = await member();
      const eventId = await eventOf(a);
      const mine = await eventCommentOn(a, eventId, 'As written');
      const unknown = await send('POST', '/api/challenge/updateChallengeComment', b.token, { eventId, commentId: UNKNOWN_ID, comment: 'Changed' });
      expectSameAsUnknown(await send('POST', '/api/challenge/updateChallengeComment', b.token, { eventId, commentId: mine.commentId, comment: 'Changed' }), unknown);
      expect(await eventCommentsOf(a, eventId)).toMatchObject([{ commentId: mine.commentId, comment: 'As written', editedAt: null }]);
    },
  },

  'POST /api/challenge/comment/challengeCommentLikeStore': {
    // B liking A's comment on A's invite-only event.
    async case() {
      const a = await member();
      const b = await member();
      const eventId = await eventOf(a, 'invite');
      const mine = await eventCommentOn(a, eventId, 'Invited only');
      const url = '/api/challenge/comment/challengeCommentLikeStore';
      const unknown = await send('POST', url, b.token, { commentId: UNKNOWN_ID, isLiked: true });
      expectSameAsUnknown(await send('POST', url, b.token, { commentId: mine.commentId, isLiked: true }), unknown);
      expect(await eventCommentsOf(a, eventId)).toMatchObject([{ commentId: mine.commentId, likeCount: 0 }]);
    },
  },

  'DELETE /api/challenge/DeleteComment': {
    // B deleting A's comment on A's public event (B wrote neither).
    async case() {
      const a = await member();
      const b = await member();
      const eventId = await eventOf(a);
      const mine = await eventCommentOn(a, eventId, 'Keep me');
      const unknown = await send('DELETE', '/api/challenge/DeleteComment', b.token, { eventId, commentId: UNKNOWN_ID });
      expectSameAsUnknown(await send('DELETE', '/api/challenge/DeleteComment', b.token, { eventId, commentId: mine.commentId }), unknown);
      expect(await eventCommentsOf(a, eventId)).toMatchObject([{ commentId: mine.commentId, comment: 'Keep me' }]);
    },
  },

  'POST /api/saveProductLike': {
    // B reacting to A's invite-only event.
    async case() {
      const a = await member();
      const b = await member();
      const eventId = await eventOf(a, 'invite');
      const unknown = await send('POST', '/api/saveProductLike', b.token, { id: UNKNOWN_ID, likeUniCode: 'U+2764', type: 'challenge' });
      expectSameAsUnknown(await send('POST', '/api/saveProductLike', b.token, { id: eventId, likeUniCode: 'U+2764', type: 'challenge' }), unknown);
      expect(body(await send('GET', `/api/challenge/likes?challengeId=${eventId}`, a.token)).data).toMatchObject({ total: 0, list: [] });
    },
  },

  'GET /api/challenge/likes': {
    // B reading who reacted to A's invite-only event.
    async case() {
      const a = await member();
      const b = await member();
      const eventId = await eventOf(a, 'invite');
      await send('POST', '/api/saveProductLike', a.token, { id: eventId, likeUniCode: 'U+2764', type: 'challenge' });
      const unknown = await send('GET', `/api/challenge/likes?challengeId=${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/challenge/likes?challengeId=${eventId}`, b.token), unknown);
      expect(body(await send('GET', `/api/challenge/likes?challengeId=${eventId}`, a.token)).data).toMatchObject({ total: 1, list: [{ userId: a.userId }] });
    },
  },

  'POST /api/block': {
    exempt:
      'userId names the member to block, and blocking them is the point of the call: the rows written are the ' +
      'caller’s own block and the removal of the follow edges between the two, which either member may end anyway.',
  },
  'POST /api/following/notification': {
    exempt:
      'userId names the member to mute, and muting them is the point of the call: the only row written is the ' +
      'caller’s own mute, which changes nothing the muted member sees (server/modules/moderation/blocks.test.ts).',
  },
  'POST /api/follow': {
    exempt:
      'userId names the member to follow, and following them is the point of the call: the only row written is the ' +
      'caller’s own follow edge, and whether they may is the policy’s answer (mayFollow; blocks refuse there, check 13).',
  },
  'POST /api/unFollow': {
    exempt:
      'userId names the member to stop following; the only row the call can remove is the caller’s own follow edge or ' +
      'request to them, never another member’s.',
  },
  'GET /api/user-profile': {
    exempt:
      'userId names the member whose profile is asked for: the header (handle, names, picture, privacy) is visible to ' +
      'every member by design; a private profile’s content is withheld by mayViewProfileContent, covered by the ' +
      'check-12 tests in server/modules/social and server/policy.',
  },
  'GET /api/user/all': {
    exempt: 'sportId picks a sport from the fixed catalogue (contract/sports.ts) to filter by; it names nothing a member owns.',
  },
  'POST /api/change_mobile': {
    exempt: 'countryId picks a country from the fixed list of GET /api/country; the phone it changes is always the caller’s own.',
  },
  'POST /api/update_mobile': {
    exempt: 'countryId picks a country from the fixed list of GET /api/country; the phone it confirms is always the caller’s own.',
  },
  'GET /media/:key/:file': {
    // Check 14: B fetching a photo of A's draft, with B's token and without, unsigned; A's signed URL serves it.
    async case() {
      const a = await member();
      const b = await member();
      const photo = await feedPhoto(a);
      const feedId = okData(await send('POST', '/api/feed', a.token, { title: 'Soon', description: '', isDraft: true, images: [photo.key] }), feed).id;
      const unknown = await t.app.inject({ method: 'GET', url: '/media/AAAAAAAAAAAAAAAAAAAAAA/display.webp', headers: t.bearer(b.token) });
      expectSameAsUnknown(await t.app.inject({ method: 'GET', url: photo.url, headers: t.bearer(b.token) }), unknown);
      expectSameAsUnknown(await t.app.inject({ method: 'GET', url: photo.thumbnail }), unknown);
      const signed = (await postOf(a, feedId)).images[0]!.url;
      expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    },
  },
  'GET /api/route/:routeId': {
    // B reading A's route, which no event of A's uses (routes are seen through the events that use them).
    async case() {
      const a = await member();
      const b = await member();
      const coordinates = [[7.748, 46.02], [7.752, 46.023]];
      const mine = okData(await send('POST', '/api/route', a.token, { name: 'Home loop', sportId: 53, coordinates }), route);
      const unknown = await send('GET', `/api/route/${UNKNOWN_ID}`, b.token);
      expectSameAsUnknown(await send('GET', `/api/route/${mine.routeId}`, b.token), unknown);
      expect(okData(await send('GET', `/api/route/${mine.routeId}`, a.token), route)).toEqual(mine);
    },
  },
  'GET /api/route/:routeId/route.gpx': {
    // B downloading A's route as a GPX file: the same 404 as for no route, and no point of it.
    async case() {
      const a = await member();
      const b = await member();
      const coordinates = [[7.748, 46.02], [7.752, 46.023]];
      const mine = okData(await send('POST', '/api/route', a.token, { name: 'Home loop', sportId: 53, coordinates }), route);
      const unknown = await send('GET', `/api/route/${UNKNOWN_ID}/route.gpx`, b.token);
      const res = await send('GET', `/api/route/${mine.routeId}/route.gpx`, b.token);
      expectSameAsUnknown(res, unknown);
      expect(res.body).not.toContain('7.748');
      const own = await send('GET', `/api/route/${mine.routeId}/route.gpx`, a.token);
      expect(own.statusCode).toBe(200);
      expect(own.body.match(/<trkpt /g)).toHaveLength(2);
    },
  },
  'POST /api/route': {
    exempt:
      'sportId picks a sport from the fixed catalogue (contract/sports.ts); the call only ever creates a new route owned ' +
      'by the caller and names no existing object.',
  },
  'GET /api/docs/static/*': {
    exempt: 'Static files of the API documentation page (swagger-ui); the path names a file of that bundle, nobody’s object.',
  },
};

describe('check 10: object access', () => {
  it('every route that takes an id has a case or a reasoned exemption, and every entry names such a route', () => {
    const taking = routesTakingIds(t.app.routeTable);
    const missing = [...taking].filter(([key]) => !(key in entries)).map(([key, inputs]) => `${key} (${inputs.join(', ')})`);
    expect(missing, `add a case or exemption to server/security/object-access.test.ts for:\n  ${missing.join('\n  ')}\n`).toEqual([]);
    const stale = Object.keys(entries).filter((key) => !taking.has(key));
    expect(stale, 'entries for routes the server does not have, or that take no id any more').toEqual([]);
    for (const [key, entry] of Object.entries(entries)) {
      if ('exempt' in entry) expect(entry.exempt.length, `${key} needs a reason`).toBeGreaterThan(40);
    }
  });

  const cases = Object.entries(entries).flatMap(([key, entry]) => ('case' in entry ? [[key, entry.case] as const] : []));
  it.each(cases)('%s: member B acting on member A’s object is refused (404 unless the case says why not) and A’s object is unchanged', async (_key, run) => {
    await run();
  });
});

describe('finding the routes that take an id', () => {
  const route = (over: { url?: string; querystring?: unknown; body?: unknown }) => idInputs({ method: 'POST', url: '/api/x', ...over });

  it('reads path parameters, and id fields of strict, refined, piped, union and nested schemas', () => {
    expect(route({ url: '/api/feed/:feedId/comments/:commentId' })).toEqual(['path :feedId', 'path :commentId']);
    expect(route({ url: '/files/*' })).toEqual(['path *']);
    expect(
      route({
        querystring: z
          .strictObject({ userId: z.optional(z.coerce.number()), search: z.optional(z.string()) })
          .check(z.refine(() => true)),
      }),
    ).toEqual(['query userId']);
    expect(route({ body: z.pipe(z.strictObject({ id: z.int(), name: z.string() }), z.transform((v) => v)) })).toEqual(['body id']);
    expect(
      route({
        body: z.union([
          z.strictObject({ feedId: z.int() }),
          z.strictObject({ event: z.nullable(z.strictObject({ memberIds: z.array(z.int()), valid: z.boolean() })) }),
        ]),
      }),
    ).toEqual(['body feedId', 'body event.memberIds']);
    expect(route({ body: { type: 'object', properties: { associateId: { type: 'integer' }, paid: { type: 'boolean' } } } })).toEqual([
      'body associateId',
    ]);
    expect(route({ body: z.strictObject({ otp: z.string(), idToken: z.string(), android: z.boolean() }) })).toEqual([]);
  });

  it('finds the routes of the real table, each once, HEAD folded into GET', () => {
    const taking = routesTakingIds(t.app.routeTable);
    expect(taking.get('GET /api/account/exports/:exportId')).toEqual(['path :exportId']);
    expect(taking.get('GET /api/user-profile')).toEqual(['query userId']);
    expect(taking.get('POST /api/follow/accept')).toEqual(['body userId']);
    expect(taking.has('HEAD /api/account/exports/:exportId')).toBe(false);
    expect(taking.has('GET /api/followerRequest')).toBe(false);
    expect(taking.get('GET /api/follower')).toEqual(['query userId']);
  });
});
