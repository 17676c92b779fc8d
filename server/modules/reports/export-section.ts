import { asc, eq } from 'drizzle-orm';
import { reasonTitle } from '#contract/reports';
import { appeals, moderationActions, reports } from '../../db/schema/reports';
import type { ExportSection } from '../account/export-registry';

/**
 * The member's reports (what they reported, why, and the outcome), the moderators' decisions about them, and their
 * appeals (issue 20). Who reported them and which moderator decided are other people's data, and not here.
 */
export const reportsExportSection: ExportSection = {
  name: 'reportsAndDecisions',
  collect: async (db, userId) => {
    const [sent, decisions, appealed] = await Promise.all([
      db
        .select({
          targetKind: reports.targetKind,
          targetId: reports.targetId,
          reasonId: reports.reasonId,
          comment: reports.comment,
          images: reports.images,
          status: reports.status,
          createdAt: reports.createdAt,
          resolvedAt: reports.resolvedAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.createdAt), asc(reports.id)),
      db
        .select({
          action: moderationActions.action,
          targetKind: moderationActions.targetKind,
          targetId: moderationActions.targetId,
          ruleId: moderationActions.ruleId,
          note: moderationActions.note,
          until: moderationActions.until,
          excerpt: moderationActions.excerpt,
          createdAt: moderationActions.createdAt,
        })
        .from(moderationActions)
        .where(eq(moderationActions.targetUserId, userId))
        .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id)),
      db
        .select({ text: appeals.text, status: appeals.status, createdAt: appeals.createdAt, decidedAt: appeals.decidedAt })
        .from(appeals)
        .where(eq(appeals.userId, userId))
        .orderBy(asc(appeals.createdAt), asc(appeals.id)),
    ]);
    return {
      reportsSent: sent.map((r) => ({ ...r, reason: reasonTitle(r.reasonId) })),
      decisionsAboutMe: decisions.map((d) => ({ ...d, rule: d.ruleId === null ? null : reasonTitle(d.ruleId) })),
      appeals: appealed,
    };
  },
};
