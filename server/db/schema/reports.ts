import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_TARGETS, type ModerationActionKind } from '../../../contract/reports';
import { ts } from './columns';
import { users } from './users';

/**
 * Reports (issue 20): a member reports a member, a post, an event or a comment (a short once shorts land) for one of
 * the community rules (contract/reports.ts REPORT_REASONS). `target_id` is the kind's own id (the member's, the
 * post's `feeds.id`, the event's, the comment's); `target_user_id` is whom it is about (the member, the author), so a
 * moderator's action on the member and the reporter's "hide it" are one probe each. One open report per reporter and
 * target (the partial unique index); a withdrawn report is deleted (spec: "delete a report").
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reasonId: smallint('reason_id').notNull(),
    comment: text('comment'),
    // Display URLs of the screenshots (`report` uploads, attached to this report).
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['open', 'action_taken', 'dismissed'] }).notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    // The decision that closed it (moderation_actions.id).
    actionId: integer('action_id'),
  },
  (t) => [
    uniqueIndex('reports_open_once').on(t.reporterId, t.targetKind, t.targetId).where(sql`${t.status} = 'open'`),
    // "Not one the viewer reported" (moderation-policy.ts), probed per listed post, event or comment.
    index('reports_reporter_target').on(t.reporterId, t.targetKind, t.targetId),
    // The reporter's lists, newest first (scanned backward), and the daily limit.
    index('reports_reporter_kind_created_id').on(t.reporterId, t.targetKind, t.createdAt, t.id),
    // The review queue: open reports by target.
    index('reports_open_target').on(t.targetKind, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_target_user').on(t.targetUserId),
  ],
);

/**
 * The audit log: every moderator decision, who, what, when and why. `target_*` as in `reports`; `rule_id` is the
 * community rule the decision cites (a REPORT_REASONS id); `until` the end of a suspension (9999-12-31 for good);
 * `excerpt` what the removed content said, kept for the author's appeal and the log. Rows outlive their moderator.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<ModerationActionKind>().notNull(),
    targetKind: text('target_kind', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ruleId: smallint('rule_id'),
    note: text('note').notNull(),
    until: ts('until'),
    excerpt: text('excerpt'),
    // The decision an appeal decision answers.
    appealOf: integer('appeal_of'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_created_id').on(t.createdAt, t.id), index('moderation_actions_target_user').on(t.targetUserId, t.createdAt, t.id)],
);

/** One appeal per decision, by the member it was about, decided by another moderator than the one who decided. */
export const appeals = pgTable(
  'appeals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => moderationActions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'granted', 'denied'] }).notNull().default('open'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appeals_action_unique').on(t.actionId), index('appeals_open').on(t.createdAt, t.id).where(sql`${t.status} = 'open'`)],
);
