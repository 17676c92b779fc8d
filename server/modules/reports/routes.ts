import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyData, okEnvelope } from '#contract/envelope';
import {
  myReport,
  myReportList,
  myReportsQuery,
  REPORT_PATHS,
  REPORT_REASONS,
  reasonList,
  reportCommentBody,
  reportActivityBody,
  reportEventBody,
  reportMemberBody,
  reportPostBody,
  reportShortBody,
  reportShortCommentBody,
  withdrawReportQuery,
  type ReportTarget,
} from '#contract/reports';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { viewerId } from '../../plugins/authenticate';
import { listMyReports, sendReport, withdrawReport } from './service';

/** How each kind's body names its target (spec §7). */
const BODIES = {
  member: { body: reportMemberBody, idOf: (b: { userId: number }) => b.userId, noun: 'a member', plural: 'members' },
  post: { body: reportPostBody, idOf: (b: { feedId: number }) => b.feedId, noun: 'a post', plural: 'posts' },
  short: { body: reportShortBody, idOf: (b: { feedId: number }) => b.feedId, noun: 'a short', plural: 'shorts' },
  event: { body: reportEventBody, idOf: (b: { eventId: number }) => b.eventId, noun: 'an event', plural: 'events' },
  activity: { body: reportActivityBody, idOf: (b: { activityId: number }) => b.activityId, noun: 'an activity', plural: 'activities' },
  comment: { body: reportCommentBody, idOf: (b: { commentId: number }) => b.commentId, noun: 'a comment on a post, an event or an activity', plural: 'comments' },
  short_comment: { body: reportShortCommentBody, idOf: (b: { commentId: number }) => b.commentId, noun: 'a comment on a short', plural: 'comments on shorts' },
} as const satisfies Record<ReportTarget, unknown>;

/**
 * Reports (issue 20): `GET /api/reason`, and per kind a create, a list of the viewer's own and a withdraw, at the
 * paths of spec §7 (REPORT_PATHS). Every route is for signed-in members.
 */
export function reportRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get('/api/reason', {
    schema: { tags, operationId: 'listReportReasons', summary: 'The community rules a report can name, in order', response: { 200: okEnvelope(reasonList) } },
    handler: async () => ok('Report reasons.', { list: REPORT_REASONS.map((reason) => ({ ...reason })) }),
  });

  for (const kind of Object.keys(REPORT_PATHS) as ReportTarget[]) {
    const paths = REPORT_PATHS[kind];
    const { body, idOf, noun, plural } = BODIES[kind];
    // short_comment → ShortComment
    const name = kind.replace(/(?:^|_)(\w)/g, (_, c: string) => c.toUpperCase());

    r.post(paths.create, {
      schema: {
        tags,
        operationId: `report${name}`,
        summary: `Report ${noun} for a community rule, with an optional comment and screenshots; it leaves your lists at once`,
        refuses: [404, 409],
        body,
        response: { 200: okEnvelope(myReport) },
      },
      handler: async (req) => {
        const { message, data } = await sendReport(deps, viewerId(req), kind, idOf(req.body as never), req.body);
        return ok(message, data);
      },
    });

    r.get(paths.list, {
      schema: {
        tags,
        operationId: `listReported${name}s`,
        summary: `Your reports of ${plural}, newest first, with their outcome`,
        querystring: myReportsQuery,
        response: { 200: okEnvelope(myReportList) },
      },
      handler: async (req) => ok('Your reports.', await listMyReports(deps, viewerId(req), [kind], req.query)),
    });

    r.delete(paths.withdraw, {
      schema: {
        tags,
        operationId: `withdraw${name}Report`,
        summary: 'Withdraw one of your reports while it waits for review',
        refuses: [404, 409],
        querystring: withdrawReportQuery,
        response: { 200: okEnvelope(emptyData) },
      },
      handler: async (req) => {
        const { message, data } = await withdrawReport(deps, viewerId(req), [kind], req.query.reportId);
        return ok(message, data);
      },
    });
  }
}
