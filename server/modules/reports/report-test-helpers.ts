import { expect } from 'vitest';
import { commentSaved, feed } from '#contract/feeds';
import { auditEntry, moderationCase, myReport, myReportList, queueList, REPORT_ID_FIELDS, REPORT_PATHS, type ModerationActionBody, type ReportTarget } from '#contract/reports';
import { grantModerators } from '../moderation/moderators';
import { helpers, type Member } from '../notifications/test-helpers';
import { okData, type TestApp } from '../../test/test-app';

// Shared by the reports and moderation tests: posts and comments to report, reports as members send them, and the
// decisions moderators take.

export type { Member };


export function reportHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  /** A member made a moderator (as `npm run admin -- grant` does). */
  async function moderator() {
    const m = await base.member({ firstName: 'Mo', lastName: 'Derator' });
    await grantModerators(t().db, [m.email]);
    return m;
  }

  const post = async (who: Member, title = 'Sunday loop', isDraft = false) => okData(await send('POST', '/api/feed', who.token, { title, description: '', isDraft }), feed).id;
  const comment = async (who: Member, feedId: number, text: string, parentId?: number) =>
    okData(await send('POST', '/api/feed/comment', who.token, { feedId, comment: text, ...(parentId ? { parentId } : {}) }), commentSaved).comment;

  const reportCall = (who: Member, kind: ReportTarget, id: number, over: { reasonId?: number; comment?: string; images?: string[] } = {}) =>
    send('POST', REPORT_PATHS[kind].create, who.token, { [REPORT_ID_FIELDS[kind]]: id, reasonId: over.reasonId ?? 1, ...(over.comment === undefined ? {} : { comment: over.comment }), ...(over.images ? { images: over.images } : {}) });
  const report = async (who: Member, kind: ReportTarget, id: number, over: { reasonId?: number; comment?: string; images?: string[] } = {}) =>
    okData(await reportCall(who, kind, id, over), myReport);
  const mine = async (who: Member, kind: ReportTarget) => okData(await send('GET', REPORT_PATHS[kind].list, who.token), myReportList);
  const withdrawCall = (who: Member, kind: ReportTarget, reportId: number) => send('DELETE', `${REPORT_PATHS[kind].withdraw}?reportId=${reportId}`, who.token);

  const queue = async (mod: Member) => okData(await send('GET', '/api/moderation/queue', mod.token), queueList);
  const reviewCase = async (mod: Member, kind: ReportTarget, id: number) => okData(await send('GET', `/api/moderation/case?targetKind=${kind}&targetId=${id}`, mod.token), moderationCase);
  const decideCall = (mod: Member, body: ModerationActionBody) => send('POST', '/api/moderation/actions', mod.token, body);
  const decide = async (mod: Member, body: ModerationActionBody) => okData(await decideCall(mod, body), auditEntry);

  /** Whether `who` can open the post (200) or is told it does not exist (404). */
  async function postStatus(who: Member, feedId: number) {
    return (await send('GET', `/api/feed/${feedId}`, who.token)).statusCode;
  }

  function expectStatus(res: { statusCode: number; body: string }, status: number) {
    expect(res.statusCode, res.body).toBe(status);
  }

  return { ...base, moderator, post, comment, reportCall, report, mine, withdrawCall, queue, reviewCase, decideCall, decide, postStatus, expectStatus };
}
