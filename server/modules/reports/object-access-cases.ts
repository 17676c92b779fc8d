import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { REPORT_PATHS, type ReportTarget } from '#contract/reports';
import { insertActivity } from '../activities/activity-test-rows';
import { insertEvent } from '../events/event-test-rows';
import { insertShort } from '../feeds/short-test-rows';
import { body, type TestApp } from '../../test/test-app';
import { reportHelpers } from './report-test-helpers';

// Check 10 (server/security/object-access.test.ts) for the report and moderation routes: member B acting on member
// A's report, or on a decision about A, gets the same 404 as for one that does not exist, and A's is as it was. B
// reporting what B may not see (A's private post, A's invite-only event, a comment on A's private post) is the same
// 404 as reporting nothing. The moderators' routes answer every member 403, whatever the id.

type Entry = { case: () => Promise<void> } | { exempt: string };

/** An id no row has: the answer B's call is compared with. */
const UNKNOWN_ID = 2_000_000_000;

export function reportObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const h = reportHelpers(t);

  function expectSameAsUnknown(res: LightMyRequestResponse, unknown: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(404);
    expect(body(res)).toEqual(body(unknown));
  }

  /** A reports C's post, member, event or comment; B tries to withdraw A's report; A's report is still open. */
  function withdrawCase(kind: ReportTarget): Entry {
    return {
      async case() {
        const [a, b, c] = [await h.member(), await h.member(), await h.member()];
        const feedId = await h.post(c);
        const ids: Record<ReportTarget, () => Promise<number>> = {
          member: async () => c.userId,
          post: async () => feedId,
          short: () => insertShort(t().db, c.userId),
          event: () => insertEvent(t().db, c.userId, { whoCanSee: 'public' }),
          comment: async () => (await h.comment(c, feedId, 'Hi')).commentId,
          short_comment: async () => (await h.comment(c, await insertShort(t().db, c.userId), 'Nice line')).commentId,
          activity: () => insertActivity(t().db, c.userId),
        };
        const id = await ids[kind]();
        const report = await h.report(a, kind, id);
        expectSameAsUnknown(await h.withdrawCall(b, kind, report.reportId), await h.withdrawCall(b, kind, UNKNOWN_ID));
        expect((await h.mine(a, kind)).list).toEqual([expect.objectContaining({ reportId: report.reportId, status: 'open' })]);
      },
    };
  }

  /** A's private post (or a comment on it, or A's invite-only event) that B may not see: reporting it is B's 404. */
  function hiddenTargetCase(kind: Exclude<ReportTarget, 'member'>): Entry {
    return {
      async case() {
        const a = await h.member({ private: true });
        const b = await h.member();
        const feedId = await h.post(a);
        const ids: Record<Exclude<ReportTarget, 'member'>, () => Promise<number>> = {
          post: async () => feedId,
          // A's followers' only, and B is none.
          short: () => insertShort(t().db, a.userId, { visibility: 'followers' }),
          event: () => insertEvent(t().db, a.userId, { whoCanSee: 'invite' }),
          comment: async () => (await h.comment(a, feedId, 'Private words')).commentId,
          short_comment: async () => (await h.comment(a, await insertShort(t().db, a.userId, { visibility: 'only_me' }), 'Only mine')).commentId,
          // Visible to A's followers only, and B is none.
          activity: () => insertActivity(t().db, a.userId, { visibility: 'followers' }),
        };
        const id = await ids[kind]();
        expectSameAsUnknown(await h.reportCall(b, kind, id), await h.reportCall(b, kind, UNKNOWN_ID));
        expect((await h.mine(b, kind)).total).toBe(0);
      },
    };
  }

  /** Any member, any id: 403, the same as for an id nothing has (the route is the moderators'). */
  function moderatorsOnly(call: (token: string, id: number) => Promise<LightMyRequestResponse>): Entry {
    return {
      async case() {
        const [a, b] = [await h.member(), await h.member()];
        const feedId = await h.post(a);
        await h.report(await h.member(), 'post', feedId);
        const res = await call(b.token, feedId);
        expect(res.statusCode).toBe(403);
        expect(body(res)).toEqual(body(await call(b.token, UNKNOWN_ID)));
        expect(await h.postStatus(a, feedId)).toBe(200);
      },
    };
  }

  return {
    [`POST ${REPORT_PATHS.member.create}`]: {
      exempt:
        'userId names the member to report, and reporting them is the point of the call: the only row written is the ' +
        'caller’s own report; a member who blocked the caller answers the same 404 as nobody (reports.test.ts).',
    },
    [`DELETE ${REPORT_PATHS.member.withdraw}`]: withdrawCase('member'),
    [`POST ${REPORT_PATHS.post.create}`]: hiddenTargetCase('post'),
    [`DELETE ${REPORT_PATHS.post.withdraw}`]: withdrawCase('post'),
    [`POST ${REPORT_PATHS.event.create}`]: hiddenTargetCase('event'),
    [`DELETE ${REPORT_PATHS.event.withdraw}`]: withdrawCase('event'),
    [`POST ${REPORT_PATHS.comment.create}`]: hiddenTargetCase('comment'),
    [`DELETE ${REPORT_PATHS.comment.withdraw}`]: withdrawCase('comment'),
    [`POST ${REPORT_PATHS.activity.create}`]: hiddenTargetCase('activity'),
    [`DELETE ${REPORT_PATHS.activity.withdraw}`]: withdrawCase('activity'),
    [`POST ${REPORT_PATHS.short.create}`]: hiddenTargetCase('short'),
    [`DELETE ${REPORT_PATHS.short.withdraw}`]: withdrawCase('short'),
    [`POST ${REPORT_PATHS.short_comment.create}`]: hiddenTargetCase('short_comment'),
    [`DELETE ${REPORT_PATHS.short_comment.withdraw}`]: withdrawCase('short_comment'),
    'GET /api/moderation/case': moderatorsOnly((token, id) => h.send('GET', `/api/moderation/case?targetKind=post&targetId=${id}`, token)),
    'POST /api/moderation/actions': moderatorsOnly((token, id) =>
      h.send('POST', '/api/moderation/actions', token, { targetKind: 'post', targetId: id, action: 'remove', ruleId: 1, note: 'Taking it down.' }),
    ),
    'POST /api/moderation/appeals/:appealId': moderatorsOnly((token, id) => h.send('POST', `/api/moderation/appeals/${id}`, token, { decision: 'grant', note: 'Undo it.' })),
    'POST /api/moderation/decisions/:actionId/appeal': {
      // B appealing a decision about A.
      async case() {
        const [a, b, mod] = [await h.member(), await h.member(), await h.moderator()];
        await h.report(await h.member(), 'member', a.userId, { reasonId: 3 });
        const warned = await h.decide(mod, { targetKind: 'member', targetId: a.userId, action: 'warn', ruleId: 3, note: 'Ads.' });
        const appeal = (token: string, id: number) => h.send('POST', `/api/moderation/decisions/${id}/appeal`, token, { text: 'This is not fair at all.' });
        expectSameAsUnknown(await appeal(b.token, warned.actionId), await appeal(b.token, UNKNOWN_ID));
        expect((await appeal(a.token, warned.actionId)).statusCode).toBe(200);
      },
    },
  };
}
