import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { activityImport, activityList, activitySummary, eventProgress, privacySettings, sportActivities } from '#contract/activities';
import { activityCommentSchemas } from '#contract/activity-comments';
import { insertEvent } from '../events/event-test-rows';
import { body, okData, type TestApp } from '../../test/test-app';
import { activityHelpers, ridePoints, type Member } from './activity-test-helpers';
import { insertActivity } from './activity-test-rows';
import { garminGpx } from './readers/reader-test-helpers';

// Check 10 (server/security/object-access.test.ts) for the activity routes (issue 21): member B acting on member A's
// activity, which B may not see (A's, for followers only), gets the same 404 as for an activity that does not exist,
// and A's activity is as it was. Where B may see A's activity (for everyone) but not change it, the answer is still
// that 404: editing, deleting and the original file are the owner's alone.

type Entry = { case: () => Promise<void> } | { exempt: string };

const UNKNOWN_ID = 2_000_000_000;

export function activityObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const h = activityHelpers(t);
  const { send } = h;

  function expectSameAsUnknown(res: LightMyRequestResponse, unknown: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(404);
    expect(body(res)).toEqual(body(unknown));
  }

  /** A's activity for followers only, with a comment of A's on it; and B, who does not follow A. */
  async function world(visibility: 'followers' | 'everyone' = 'followers') {
    const [a, b] = [await h.member(), await h.member()];
    const id = await insertActivity(t().db, a.userId, { visibility, title: 'A’s secret loop' });
    const comment = okData(await send('POST', '/api/activity/comment', a.token, { activityId: id, comment: 'Only for friends' }), activityCommentSchemas.saved).comment;
    return { a, b, id, commentId: comment.commentId };
  }

  /** A's activity as A sees it, unchanged: its title, its one comment, no reaction. */
  async function unchanged(a: Member, id: number) {
    expect(await h.detail(a, id)).toMatchObject({ title: 'A’s secret loop', commentCount: 1, likes: { total: 0 } });
  }

  /** B's call naming A's activity, against the same call naming an unknown one. */
  const byActivity = (call: (b: Member, id: number, commentId: number) => Promise<LightMyRequestResponse>, visibility: 'followers' | 'everyone' = 'followers') => ({
    async case() {
      const { a, b, id, commentId } = await world(visibility);
      expectSameAsUnknown(await call(b, id, commentId), await call(b, UNKNOWN_ID, UNKNOWN_ID));
      await unchanged(a, id);
    },
  });

  return {
    'GET /api/activity/:activityId': byActivity((b, id) => h.detailCall(b, id)),
    'GET /api/getActivityCoordinate': byActivity((b, id) => h.trackCall(b, id)),
    'GET /api/activity/:activityId/gpx': byActivity((b, id) => send('GET', `/api/activity/${id}/gpx`, b.token)),
    // The original file is the owner's alone, even of an activity B may see.
    'GET /api/activity/:activityId/original': byActivity((b, id) => send('GET', `/api/activity/${id}/original`, b.token), 'everyone'),
    'PUT /api/activity': byActivity((b, id) => send('PUT', '/api/activity', b.token, { id, title: 'Mine now', description: '', sportId: 34, visibility: 'everyone' }), 'everyone'),
    'DELETE /api/activity': byActivity((b, id) => send('DELETE', '/api/activity', b.token, { activityId: id }), 'everyone'),
    'POST /api/activity/like': byActivity((b, id) => send('POST', '/api/activity/like', b.token, { activityId: id, likeUniCode: 'U+2764' })),
    'GET /api/activity/likes': byActivity((b, id) => send('GET', `/api/activity/likes?activityId=${id}`, b.token)),
    'GET /api/activity/comment': byActivity((b, id, commentId) => send('GET', `/api/activity/comment?activityId=${id}&parentId=${commentId}`, b.token)),
    'POST /api/activity/comment': byActivity((b, id, commentId) => send('POST', '/api/activity/comment', b.token, { activityId: id, parentId: commentId, comment: 'Hello?' })),
    'POST /api/activity/comment/edit': byActivity((b, id, commentId) => send('POST', '/api/activity/comment/edit', b.token, { activityId: id, commentId, comment: 'Edited' })),
    'POST /api/activity/comment/like': byActivity((b, _id, commentId) => send('POST', '/api/activity/comment/like', b.token, { commentId, isLiked: true })),
    'DELETE /api/activity/comment': byActivity((b, id, commentId) => send('DELETE', '/api/activity/comment', b.token, { activityId: id, commentId })),

    'POST /api/getActivity': {
      // B listing A's log by userId (A private, B no follower): nothing of it; and A's activity by id: not listed.
      async case() {
        const a = await h.member({ private: true });
        const b = await h.member();
        const id = await insertActivity(t().db, a.userId, { title: 'Private ride', sportId: 34 });
        expect(okData(await send('POST', '/api/getActivity', b.token, { userId: a.userId, sportId: 34 }), activityList)).toMatchObject({ list: [], total: 0 });
        expect(okData(await send('POST', '/api/getActivity', b.token, { activityId: id }), activityList).list).toEqual([]);
        expect((await send('POST', '/api/getActivity', b.token, { userId: UNKNOWN_ID })).statusCode).toBe(404);
        expect(okData(await send('POST', '/api/getActivity', a.token, {}), activityList).list.map((x) => x.id)).toEqual([id]);
      },
    },
    'GET /api/getSportsActivity': {
      async case() {
        const a = await h.member({ private: true });
        const b = await h.member();
        await insertActivity(t().db, a.userId, { sportId: 53 });
        expect(okData(await send('GET', `/api/getSportsActivity?userId=${a.userId}`, b.token), sportActivities).list).toEqual([]);
        expect(okData(await send('GET', '/api/getSportsActivity', a.token), sportActivities).list).toEqual([{ sportId: 53, count: 1 }]);
      },
    },
    'GET /api/activity/summary': {
      async case() {
        const a = await h.member({ private: true });
        const b = await h.member();
        await insertActivity(t().db, a.userId, { startAt: t().clock.now(), sportId: 34 });
        const theirs = okData(await send('GET', `/api/activity/summary?userId=${a.userId}&sportId=34`, b.token), activitySummary);
        expect(theirs.summary.year.all.count).toBe(0);
        expect(okData(await send('GET', '/api/activity/summary', a.token), activitySummary).summary.year.all.count).toBe(1);
      },
    },
    'GET /api/challenge/progress': {
      // B asking the progress of A's invite-only event: the 404 of an event that does not exist.
      async case() {
        const [a, b] = [await h.member(), await h.member()];
        const eventId = await insertEvent(t().db, a.userId, { whoCanSee: 'invite' });
        const url = (id: number) => `/api/challenge/progress?challengeId=${id}`;
        expectSameAsUnknown(await send('GET', url(eventId), b.token), await send('GET', url(UNKNOWN_ID), b.token));
        expect(okData(await send('GET', url(eventId), a.token), eventProgress).list.map((p) => p.member.userId)).toEqual([a.userId]);
      },
    },
    'GET /api/activity/import/:importId': {
      async case() {
        const [a, b] = [await h.member(), await h.member()];
        const started = okData(await h.importCall(a, Buffer.from(garminGpx(ridePoints([7, 46], 5))), 'a.gpx'), activityImport);
        const url = (id: number) => `/api/activity/import/${id}`;
        expectSameAsUnknown(await send('GET', url(started.id), b.token), await send('GET', url(UNKNOWN_ID), b.token));
        expect(okData(await send('GET', url(started.id), a.token), activityImport).fileName).toBe('a.gpx');
      },
    },
    'PUT /api/privacy-zones': {
      // B naming A's zone as one of B's to keep: refused, and A's zone stays where it was.
      async case() {
        const [a, b] = [await h.member(), await h.member()];
        const saved = okData(await h.setZones(a, { zones: [{ label: 'Home', centre: [7.45, 46.95], radius: 400 }], hideEnds: 0 }), privacySettings);
        const res = await h.setZones(b, { zones: [{ id: saved.zones[0]!.id, label: 'Mine' }], hideEnds: 0 });
        expect(res.statusCode).toBe(400);
        expect(okData(await send('GET', '/api/privacy-zones', a.token), privacySettings)).toEqual(saved);
        expect(okData(await send('GET', '/api/privacy-zones', b.token), privacySettings).zones).toEqual([]);
      },
    },
    'POST /api/activity': {
      exempt: 'sportId picks a sport from the fixed catalogue (contract/sports.ts); the call creates an activity of the caller’s own.',
    },
  };
}
