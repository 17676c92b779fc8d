import { and, eq, inArray } from 'drizzle-orm';
import { reasonTitle, type AuditEntry } from '#contract/reports';
import type { Db } from '../../db/client';
import { appeals, moderationActions } from '../../db/schema/reports';
import { summariesOf } from '../reports/report-targets';

export type ActionRow = typeof moderationActions.$inferSelect;

/**
 * Audit log rows as the wire shows them, with their appeal. `showModerator`: moderators read who decided; a member
 * reading the decisions about them does not (a moderator is not to be singled out by the member they acted on).
 */
export async function auditEntries(db: Db, rows: ActionRow[], showModerator: boolean): Promise<AuditEntry[]> {
  if (rows.length === 0) return [];
  const people = await summariesOf(
    db,
    rows.flatMap((r) => [r.targetUserId, showModerator ? r.moderatorId : null].filter((id): id is number => id !== null)),
  );
  const appealRows = await db
    .select()
    .from(appeals)
    .where(
      inArray(
        appeals.actionId,
        rows.map((r) => r.id),
      ),
    );
  const appealOf = new Map(appealRows.map((a) => [a.actionId, a]));
  return rows.map((r) => {
    const appeal = appealOf.get(r.id);
    return {
      actionId: r.id,
      action: r.action,
      moderator: showModerator && r.moderatorId !== null ? (people.get(r.moderatorId) ?? null) : null,
      targetKind: r.targetKind,
      targetId: r.targetId,
      member: r.targetUserId === null ? null : (people.get(r.targetUserId) ?? null),
      ruleId: r.ruleId,
      rule: r.ruleId === null ? null : reasonTitle(r.ruleId),
      note: r.note,
      until: r.until?.toISOString() ?? null,
      excerpt: r.excerpt,
      createdAt: r.createdAt.toISOString(),
      appeal: appeal ? { appealId: appeal.id, status: appeal.status, text: appeal.text, createdAt: appeal.createdAt.toISOString() } : null,
    };
  });
}

/** The warnings on record for a member: those not undone by a granted appeal. */
export async function warningCount(db: Db, userId: number) {
  const rows = await db
    .select({ id: moderationActions.id, appeal: appeals.status })
    .from(moderationActions)
    .leftJoin(appeals, eq(appeals.actionId, moderationActions.id))
    .where(and(eq(moderationActions.targetUserId, userId), eq(moderationActions.action, 'warn')));
  return rows.filter((r) => r.appeal !== 'granted').length;
}
