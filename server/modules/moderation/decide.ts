import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  moderationMessagesFor as said,
  SUSPENDED_FOR_GOOD,
  TARGET_NOUNS,
  TARGET_ROW,
  withArticle,
  type ModerationActionBody,
  type ReportTarget,
} from '#contract/reports';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { appeals, moderationActions, reports } from '../../db/schema/reports';
import { comments, subjects } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { days } from '../../lib/clock';
import { revokeAllSessions } from '../auth/sessions';
import { displayName } from '../notifications/sentences';
import { writeNotice } from '../notifications/notify';
import { withOutbox, type Outbox } from '../notifications/outbox';
import { targetFacts, type TargetFacts } from '../reports/report-targets';
import { auditEntries } from './audit-views';
import { ruleText, untilText } from './suspension';

/**
 * Moderator decisions (issue 20): dismiss the reports on a target, remove the content, warn or suspend the member.
 * Each lands in the audit log with its written reason, closes the target's open reports, and tells the reporters the
 * outcome and the member why. A removal or a warning can be appealed once; another moderator decides the appeal, and
 * granting it undoes the removal.
 */

const EXCERPT_MAX = 1000;

async function nameOf(db: Db, userId: number) {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, handleName: users.handleName }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? displayName(row) : 'a member';
}

/** "a post by Maya Ridge", "Maya Ridge": what the reporter is told their report was about. */
async function aboutWhat(db: Db, facts: Pick<TargetFacts, 'kind' | 'userId'>) {
  const name = await nameOf(db, facts.userId);
  return facts.kind === 'member' ? name : `${withArticle(facts.kind)} by ${name}`;
}


/** Takes a post (or short), event, activity or comment down (or puts it back), keeping the thread's counts true. */
async function setRemoved(tx: Db, facts: TargetFacts, removedAt: Date | null) {
  const table = TARGET_ROW[facts.kind];
  if (table === 'post' || table === 'event' || table === 'activity') {
    await tx.update(subjects).set({ removedAt }).where(eq(subjects.id, facts.subjectId!));
    return;
  }
  if (table !== 'comment') return;
  const [row] = await tx
    .update(comments)
    .set({ removedAt })
    .where(and(eq(comments.id, facts.id), removedAt ? isNull(comments.removedAt) : sql`${comments.removedAt} is not null`))
    .returning({ parentId: comments.parentId, replyCount: comments.replyCount });
  if (!row) return;
  // A removed comment leaves the counts, with its replies (hidden under it); restoring puts them back.
  const sign = removedAt ? -1 : 1;
  const size = 1 + (row.parentId === null ? row.replyCount : 0);
  await tx
    .update(subjects)
    .set({ commentCount: sql`greatest(${subjects.commentCount} + ${sign * size}, 0)` })
    .where(eq(subjects.id, facts.subjectId!));
  if (row.parentId !== null) {
    await tx
      .update(comments)
      .set({ replyCount: sql`greatest(${comments.replyCount} + ${sign}, 0)` })
      .where(eq(comments.id, row.parentId));
  }
}

/** What the member is told of a decision about them. */
function decisionSentence(action: ModerationActionBody['action'], kind: ReportTarget, ruleId: number | null, until: Date | null) {
  switch (action) {
    case 'remove':
      return `Your ${TARGET_NOUNS[kind]} was removed${ruleText(ruleId)}. You can appeal once.`;
    case 'warn':
      return `You received a warning${ruleText(ruleId)}. You can appeal once.`;
    case 'suspend':
      return `Your account is suspended ${untilText(until!)}${ruleText(ruleId)}.`;
    case 'dismiss':
      return '';
  }
}

/** `POST /api/moderation/actions`: one decision on a target with open reports. */
export async function decide(deps: Deps, moderatorId: number, body: ModerationActionBody) {
  const { targetKind: kind, targetId: id, action } = body;
  if (action !== 'dismiss' && body.ruleId === undefined) throw badRequest(said.ruleNeeded, { ruleId: [said.ruleNeeded] });
  if (action === 'remove' && kind === 'member') throw badRequest(said.cannotRemoveMember, { action: [said.cannotRemoveMember] });
  const now = deps.clock.now();
  const suspended = await withOutbox(deps, async (tx, outbox) => {
    const open = await tx
      .select({ id: reports.id, reporterId: reports.reporterId, targetUserId: reports.targetUserId })
      .from(reports)
      .where(and(eq(reports.targetKind, kind), eq(reports.targetId, id), eq(reports.status, 'open')))
      .for('update');
    if (open.length === 0) throw conflict(said.notOpen);
    const facts = await targetFacts(tx, kind, id);
    if (!facts && action !== 'dismiss' && action !== 'suspend' && action !== 'warn') throw notFound('That is gone already: dismiss the reports, or act on the member.');
    const memberId = facts?.userId ?? open[0]!.targetUserId;
    const ruleId = action === 'dismiss' ? (body.ruleId ?? null) : body.ruleId!;
    const until = action === 'suspend' ? (body.days ? new Date(now.getTime() + days(body.days)) : new Date(SUSPENDED_FOR_GOOD)) : null;
    const [row] = await tx
      .insert(moderationActions)
      .values({
        moderatorId,
        action,
        targetKind: kind,
        targetId: id,
        targetUserId: memberId,
        ruleId,
        note: body.note.trim(),
        until,
        excerpt: facts?.text ? [...facts.text].slice(0, EXCERPT_MAX).join('') : null,
        createdAt: now,
      })
      .returning();
    if (action === 'remove' && facts) await setRemoved(tx, facts, now);
    if (action === 'suspend') {
      await tx.update(users).set({ suspendedUntil: until }).where(eq(users.id, memberId));
      await revokeAllSessions(tx, deps.clock, memberId);
    }
    await tx
      .update(reports)
      .set({ status: action === 'dismiss' ? 'dismissed' : 'action_taken', resolvedAt: now, actionId: row!.id })
      .where(and(eq(reports.targetKind, kind), eq(reports.targetId, id), eq(reports.status, 'open')));
    const what = await aboutWhat(tx, { kind, userId: memberId });
    const outcome =
      action === 'dismiss'
        ? `We reviewed your report about ${what} and found no rule broken. Thank you for telling us.`
        : `We reviewed your report about ${what}: action was taken. Thank you for keeping Switchback safe.`;
    for (const report of open) await writeNotice(tx, now, outbox, { userId: report.reporterId, kind: 'moderation', subjectType: `${kind}_report`, subjectId: report.id, message: outcome });
    if (action !== 'dismiss') await tellMember(tx, now, outbox, memberId, row!.id, decisionSentence(action, kind, ruleId, until));
    return { entry: row!, memberId: action === 'suspend' ? memberId : null };
  });
  // After the commit: every open socket of the suspended member closes (check 7), as after a password reset.
  if (suspended.memberId !== null) await deps.bus.publish({ type: 'sessions-ended', userId: suspended.memberId });
  const [entry] = await auditEntries(deps.db, [suspended.entry], true);
  const message = { dismiss: said.dismissed, remove: said.removed, warn: said.warned, suspend: said.suspended }[action];
  return { message, data: entry! };
}

function tellMember(tx: Db, now: Date, outbox: Outbox, userId: number, actionId: number, message: string) {
  return writeNotice(tx, now, outbox, { userId, kind: 'moderation', subjectType: 'decision', subjectId: actionId, message });
}

/** `POST /api/moderation/decisions/:actionId/appeal`: the member's one appeal of a removal or a warning about them. */
export async function appeal(deps: Deps, viewerId: number, actionId: number, text: string) {
  return deps.db.transaction(async (tx) => {
    const [action] = await tx
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.id, actionId), eq(moderationActions.targetUserId, viewerId)))
      .limit(1);
    if (!action) throw notFound('That decision does not exist.');
    if (action.action !== 'remove' && action.action !== 'warn') throw badRequest(said.notAppealable);
    const [made] = await tx
      .insert(appeals)
      .values({ actionId, userId: viewerId, text: text.trim(), createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: appeals.id });
    if (!made) throw conflict(said.appealedAlready);
    const [entry] = await auditEntries(tx, [action], false);
    return { message: said.appealSent, data: entry! };
  });
}

/** `POST /api/moderation/appeals/:appealId`: another moderator grants (undoing a removal) or denies an appeal. */
export async function decideAppeal(deps: Deps, moderatorId: number, appealId: number, body: { decision: 'grant' | 'deny'; note: string }) {
  const now = deps.clock.now();
  const entry = await withOutbox(deps, async (tx, outbox) => {
    const [found] = await tx
      .select({ appeal: appeals, action: moderationActions })
      .from(appeals)
      .innerJoin(moderationActions, eq(moderationActions.id, appeals.actionId))
      .where(eq(appeals.id, appealId))
      .for('update')
      .limit(1);
    if (!found) throw notFound('That appeal does not exist.');
    if (found.appeal.status !== 'open') throw conflict('This appeal was decided already.');
    if (found.action.moderatorId === moderatorId) throw forbidden(said.sameModerator);
    const granted = body.decision === 'grant';
    const { action } = found;
    await tx.update(appeals).set({ status: granted ? 'granted' : 'denied', decidedBy: moderatorId, decidedAt: now }).where(eq(appeals.id, appealId));
    if (granted && action.action === 'remove') {
      const facts = await targetFacts(tx, action.targetKind, action.targetId);
      if (facts) await setRemoved(tx, facts, null);
    }
    const [row] = await tx
      .insert(moderationActions)
      .values({
        moderatorId,
        action: granted ? 'appeal_granted' : 'appeal_denied',
        targetKind: action.targetKind,
        targetId: action.targetId,
        targetUserId: action.targetUserId,
        ruleId: action.ruleId,
        note: body.note.trim(),
        appealOf: action.id,
        createdAt: now,
      })
      .returning();
    if (action.targetUserId !== null) {
      const undone = action.action === 'remove' ? `your ${TARGET_NOUNS[action.targetKind]} is back` : 'the warning is withdrawn';
      const message = granted ? `Your appeal was granted: ${undone}.` : 'Your appeal was reviewed by another moderator, and the decision stands.';
      await tellMember(tx, now, outbox, action.targetUserId, action.id, message);
    }
    return row!;
  });
  const [view] = await auditEntries(deps.db, [entry], true);
  return { message: body.decision === 'grant' ? said.appealGranted : said.appealDenied, data: view! };
}

