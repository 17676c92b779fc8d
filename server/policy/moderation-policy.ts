import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { kindsOfRow, type TargetRow } from '#contract/reports';
import type { Db } from '../db/client';
import { reports } from '../db/schema/reports';
import { subjects } from '../db/schema/subjects';
import { users } from '../db/schema/users';

/**
 * Moderation's part of the rules (issue 20), asked through the Guardian like blocks: content a moderator removed is
 * gone for everyone (its author included: they read the decision, and may appeal, at /moderation) until an appeal
 * restores it; what a member reported leaves that member's lists at once; and only moderators review reports.
 */

/** Whether `userId` is a moderator (`users.role`, granted by ADMIN_EMAILS or `npm run admin -- grant`). */
export async function isModerator(db: Db, userId: number) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === 'moderator';
}

/**
 * The subject in `subjectIdColumn` (a post's or event's `subject_id`) was not removed by a moderator. The removed are
 * few, so the planner hashes them once per statement (the partial index `subjects_removed`) and probes per row.
 */
export function notRemovedSubject(subjectIdColumn: SQLWrapper): SQL {
  return sql`${subjectIdColumn} not in (select s.id from ${subjects} s where s.removed_at is not null)`;
}

/**
 * The row in `idColumn` (a member, post, event, activity or comment) is not one `viewerId` reported: it left their
 * lists when they did. A post's id is reported as a post or a short, a comment's as a comment or a short's comment.
 */
export function notReportedBy(viewerId: number | SQLWrapper, row: TargetRow, idColumn: SQLWrapper): SQL {
  // The kinds are REPORT_TARGETS, written into the text: a prepared list statement keeps its parameters to the values
  // that change between calls (feed-list.ts).
  const kinds = kindsOfRow(row)
    .map((kind) => `'${kind}'`)
    .join(', ');
  return sql`not exists (select 1 from ${reports} r where r.reporter_id = ${viewerId} and r.target_kind in (${sql.raw(kinds)}) and r.target_id = ${idColumn})`;
}
