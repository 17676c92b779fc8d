import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '#contract/envelope';
import {
  actionIdParams,
  appealBody,
  appealDecisionBody,
  appealIdParams,
  appealList,
  auditEntry,
  auditList,
  auditQuery,
  caseQuery,
  moderationActionBody,
  moderationCase,
  queueList,
  queueQuery,
} from '#contract/reports';
import type { Deps } from '../../deps';
import { appeals, moderationActions } from '../../db/schema/reports';
import { forbidden } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { guardianFor } from '../../policy/guardian';
import { viewerId } from '../../plugins/authenticate';
import { summariesOf } from '../reports/report-targets';
import { auditEntries } from './audit-views';
import { appeal, decide, decideAppeal } from './decide';
import { reviewCase, reviewQueue } from './review-queue';

const PER_PAGE = 20;
const MODERATORS_ONLY = 'Only moderators can review reports.';

/** The viewer, if a moderator (the policy's `isModerator`); else the 403 every review route answers members. */
async function moderator(deps: Deps, req: FastifyRequest) {
  const id = viewerId(req);
  if (!(await guardianFor(deps.db, id).isModerator())) throw forbidden(MODERATORS_ONLY);
  return id;
}

const paged = <T>(list: T[], page: number, total: number) => ({ list, current_page: page, last_page: Math.max(1, Math.ceil(total / PER_PAGE)), per_page: PER_PAGE, total });

/**
 * The review queue (issue 20; beyond the spec: without it, reports go nowhere). Every route is for signed-in members;
 * all but a member's own decisions and their appeal are for moderators (403 otherwise, route-policy table test).
 */
export function reviewRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['moderation'];

  r.get('/api/moderation/queue', {
    schema: { tags, operationId: 'reviewQueue', summary: 'Open reports grouped by what they are about, oldest first (moderators)', refuses: [403], querystring: queueQuery, response: { 200: okEnvelope(queueList) } },
    handler: async (req) => {
      await moderator(deps, req);
      return ok('Open reports.', await reviewQueue(deps, req.query.page ?? 1));
    },
  });

  r.get('/api/moderation/case', {
    schema: { tags, operationId: 'reviewCase', summary: 'A reported member, post, short, event, activity or comment in context, with its reports (moderators)', refuses: [403, 404], querystring: caseQuery, response: { 200: okEnvelope(moderationCase) } },
    handler: async (req) => {
      const moderatorId = await moderator(deps, req);
      return ok('Case.', await reviewCase(deps, moderatorId, req.query.targetKind, req.query.targetId));
    },
  });

  r.post('/api/moderation/actions', {
    schema: {
      tags,
      operationId: 'decideReports',
      summary: 'Dismiss, remove the content, warn or suspend the member, with a written reason; closes the open reports (moderators)',
      refuses: [403, 404, 409],
      body: moderationActionBody,
      response: { 200: okEnvelope(auditEntry) },
    },
    handler: async (req) => {
      const { message, data } = await decide(deps, await moderator(deps, req), req.body);
      return ok(message, data);
    },
  });

  r.get('/api/moderation/log', {
    schema: { tags, operationId: 'auditLog', summary: 'Every moderator decision, newest first (moderators)', refuses: [403], querystring: auditQuery, response: { 200: okEnvelope(auditList) } },
    handler: async (req) => {
      await moderator(deps, req);
      const page = req.query.page ?? 1;
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(moderationActions)
          .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
          .limit(PER_PAGE)
          .offset((page - 1) * PER_PAGE),
        deps.db.select({ n: sql<number>`count(*)::int` }).from(moderationActions),
      ]);
      return ok('Audit log.', paged(await auditEntries(deps.db, rows, true), page, total?.n ?? 0));
    },
  });

  r.get('/api/moderation/appeals', {
    schema: { tags, operationId: 'openAppeals', summary: 'Appeals waiting for a decision, oldest first (moderators)', refuses: [403], querystring: auditQuery, response: { 200: okEnvelope(appealList) } },
    handler: async (req) => {
      await moderator(deps, req);
      const page = req.query.page ?? 1;
      const open = eq(appeals.status, 'open');
      const [rows, [total]] = await Promise.all([
        deps.db
          .select({ appeal: appeals, action: moderationActions })
          .from(appeals)
          .innerJoin(moderationActions, eq(moderationActions.id, appeals.actionId))
          .where(open)
          .orderBy(appeals.createdAt, appeals.id)
          .limit(PER_PAGE)
          .offset((page - 1) * PER_PAGE),
        deps.db.select({ n: sql<number>`count(*)::int` }).from(appeals).where(open),
      ]);
      const decisions = await auditEntries(
        deps.db,
        rows.map((r) => r.action),
        true,
      );
      const people = await summariesOf(
        deps.db,
        rows.map((r) => r.appeal.userId),
      );
      const list = rows.map((r, i) => ({
        appealId: r.appeal.id,
        text: r.appeal.text,
        createdAt: r.appeal.createdAt.toISOString(),
        member: people.get(r.appeal.userId) ?? null,
        decision: decisions[i]!,
      }));
      return ok('Open appeals.', paged(list, page, total?.n ?? 0));
    },
  });

  r.post('/api/moderation/appeals/:appealId', {
    schema: {
      tags,
      operationId: 'decideAppeal',
      summary: 'Grant (undoing a removal) or deny an appeal; a moderator other than the one who decided (moderators)',
      refuses: [403, 404, 409],
      params: appealIdParams,
      body: appealDecisionBody,
      response: { 200: okEnvelope(auditEntry) },
    },
    handler: async (req) => {
      const { message, data } = await decideAppeal(deps, await moderator(deps, req), req.params.appealId, req.body);
      return ok(message, data);
    },
  });

  r.get('/api/moderation/decisions', {
    schema: { tags, operationId: 'myDecisions', summary: 'Moderator decisions about you (your content, warnings), newest first', querystring: auditQuery, response: { 200: okEnvelope(auditList) } },
    handler: async (req) => {
      const page = req.query.page ?? 1;
      const mine = eq(moderationActions.targetUserId, viewerId(req));
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(moderationActions)
          .where(mine)
          .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
          .limit(PER_PAGE)
          .offset((page - 1) * PER_PAGE),
        deps.db.select({ n: sql<number>`count(*)::int` }).from(moderationActions).where(mine),
      ]);
      return ok('Decisions about you.', paged(await auditEntries(deps.db, rows, false), page, total?.n ?? 0));
    },
  });

  r.post('/api/moderation/decisions/:actionId/appeal', {
    schema: {
      tags,
      operationId: 'appealDecision',
      summary: 'Appeal a removal of your content or a warning, once; another moderator decides',
      refuses: [404, 409],
      params: actionIdParams,
      body: appealBody,
      response: { 200: okEnvelope(auditEntry) },
    },
    handler: async (req) => {
      const { message, data } = await appeal(deps, viewerId(req), req.params.actionId, req.body.text);
      return ok(message, data);
    },
  });
}
