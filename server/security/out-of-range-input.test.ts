import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, eventList } from '#contract/events';
import { commentSaved, feed, FEED_DATE_MESSAGE, feedList } from '#contract/feeds';
import { ID_MESSAGE, PARENT_MESSAGE, ROW_ID_MAX } from '#contract/ids';
import { eventHelpers } from '../modules/events/event-test-helpers';
import { insertEvent } from '../modules/events/event-test-rows';
import { body, createTestApp, okData, type TestApp } from '../test/test-app';

// Issue 17, item 7 (check 18): each request the audit saw answer 500. An id one past PostgreSQL's `integer`, a sport id
// of eleven digits and dates that do not exist are bad input: a 400 naming the field, in the member's words. Last, a
// 500 the contract fuzz found: coordinates so small the distance maths underflowed.

const PAST = ROW_ID_MAX + 1;

let t: TestApp;
let member: Awaited<ReturnType<TestApp['signUp']>>;
let token: string;
let feedId: number;
let commentId: number;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signUp();
  token = member.token;
  const send = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: t.bearer(token), payload });
  feedId = okData(await send('/api/feed', { title: 'Loop', description: '', isDraft: false }), feed).id;
  commentId = okData(await send('/api/feed/comment', { feedId, comment: 'First' }), commentSaved).comment.commentId;
  eventId = await insertEvent(t.db, member.userId);
});
afterAll(() => t?.close());

type Case = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: () => object; field: string; message: string };

const id = (method: Case['method'], url: string, field: string, payload?: () => object): Case => ({ method, url, field, message: ID_MESSAGE, ...(payload ? { payload } : {}) });

const cases: Case[] = [
  id('GET', `/api/feed/${PAST}`, 'feedId'),
  id('GET', `/api/feed?userId=${PAST}`, 'userId'),
  id('GET', `/api/feed/comment?feedId=${PAST}`, 'feedId'),
  id('GET', `/api/feed/likes?feedId=${PAST}`, 'feedId'),
  id('POST', '/api/feed/like', 'feedId', () => ({ feedId: PAST, likeUniCode: 'U+2764' })),
  id('DELETE', '/api/feedDelete', 'feedId', () => ({ feedId: PAST })),
  id('PUT', '/api/feed', 'id', () => ({ id: PAST, title: 'Loop', description: '', isDraft: false })),
  id('POST', '/api/feed/comment', 'feedId', () => ({ feedId: PAST, comment: 'Hi' })),
  { method: 'POST', url: '/api/feed/comment', field: 'parentId', message: PARENT_MESSAGE, payload: () => ({ feedId, parentId: PAST, comment: 'Hi' }) },
  id('POST', '/api/feed/updateFeedComment', 'feedId', () => ({ feedId: PAST, commentId, comment: 'Edited' })),
  id('POST', '/api/feed/updateFeedComment', 'commentId', () => ({ feedId, commentId: PAST, comment: 'Edited' })),
  id('POST', '/api/feed/comment/like', 'commentId', () => ({ commentId: PAST, isLiked: true })),
  id('POST', '/api/feed/delete-comment', 'commentId', () => ({ feedId, commentId: PAST })),
  id('POST', '/api/feed', 'tagUser.0', () => ({ title: 'Tagged', description: '', isDraft: false, tagUser: [PAST] })),
  id('POST', '/api/follow', 'userId', () => ({ userId: PAST })),
  id('POST', '/api/unFollow', 'userId', () => ({ userId: PAST })),
  id('POST', '/api/follow/accept', 'userId', () => ({ userId: PAST })),
  id('DELETE', '/api/deleteFollowRequest', 'userId', () => ({ userId: PAST })),
  id('POST', '/api/follower/remove', 'userId', () => ({ userId: PAST })),
  id('GET', `/api/user-profile?userId=${PAST}`, 'userId'),
  id('POST', '/api/notifications/read', 'notificationId', () => ({ notificationId: PAST })),
  id('GET', `/api/account/exports/${PAST}`, 'exportId'),
  id('GET', `/api/account/exports/${PAST}/download`, 'exportId'),
  id('GET', `/api/challenge/comment?eventId=${PAST}`, 'eventId'),
  id('POST', '/api/challenge/comment', 'eventId', () => ({ eventId: PAST, comment: 'Hi' })),
  { method: 'POST', url: '/api/challenge/comment', field: 'parentId', message: PARENT_MESSAGE, payload: () => ({ eventId, parentId: PAST, comment: 'Hi' }) },
  id('POST', '/api/challenge/updateChallengeComment', 'commentId', () => ({ eventId, commentId: PAST, comment: 'Edited' })),
  id('POST', '/api/challenge/comment/challengeCommentLikeStore', 'commentId', () => ({ commentId: PAST, isLiked: true })),
  id('DELETE', '/api/challenge/DeleteComment', 'commentId', () => ({ eventId, commentId: PAST })),
  id('GET', '/api/user/all?sportId=99999999999', 'sportId'),
  { method: 'GET', url: '/api/feed?startDate=2026-13-45', field: 'startDate', message: FEED_DATE_MESSAGE },
  { method: 'GET', url: '/api/feed?startDate=0000-00-00', field: 'startDate', message: FEED_DATE_MESSAGE },
  { method: 'GET', url: '/api/feed?startDate=9999-99-99', field: 'startDate', message: FEED_DATE_MESSAGE },
];

describe('ids past PostgreSQL integer and impossible dates (check 18)', () => {
  it.each(cases.map((c) => [`${c.method} ${c.url} ${c.field}`, c] as const))('%s is a 400 naming the field', async (_, c) => {
    const res = await t.app.inject({ method: c.method, url: c.url, headers: t.bearer(token), ...(c.payload ? { payload: c.payload() } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).code).toBe(400);
    expect(body(res).errors?.[c.field]).toEqual([c.message]);
  });

  it('takes the largest id there is, which names nothing here: not found, not bad input', async () => {
    for (const url of [`/api/feed/${ROW_ID_MAX}`, `/api/feed/comment?feedId=${ROW_ID_MAX}`, `/api/user-profile?userId=${ROW_ID_MAX}`, `/api/account/exports/${ROW_ID_MAX}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.bearer(token) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
  });

  it('keeps a real date range working, and says when a date is real but out of range', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/feed?filter_type=mine&startDate=2020-02-29&endDate=2100-12-31', headers: t.bearer(token) });
    expect(okData(ok, feedList).list.map((f) => f.id)).toEqual([feedId]);
    const far = await t.app.inject({ method: 'GET', url: '/api/feed?endDate=2999-01-01', headers: t.bearer(token) });
    expect(far.statusCode).toBe(400);
    expect(body(far).errors).toEqual({ endDate: [FEED_DATE_MESSAGE] });
  });
});

describe('coordinates finer than a centimetre (check 18)', () => {
  it('are read to the centimetre, so a search near a point at 1e-300 degrees answers instead of failing in SQL', async () => {
    const h = eventHelpers(() => t);
    const near = okData(await h.createCall(member, { latitude: 1e-300, longitude: 0 }), event);
    expect(near).toMatchObject({ latitude: 0, longitude: 0 });
    const res = await t.app.inject({ method: 'GET', url: '/api/challengeActivity?lat=-5e-324&lng=0&range=0.000000000001', headers: t.bearer(token) });
    expect(okData(res, eventList).list.map((e) => e.id)).toContain(near.id);
  });
});
