import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECTS } from '../../../contract/notifications';
import { users } from './users';

/**
 * In-app notifications (issue 4). `subject_type`/`subject_id` say where one leads; `parent_id` carries a second id
 * when a link needs it (a comment's post). A notification whose actor is deleted goes with them.
 * The list reads (user_id, created_at, id) newest first; unread counts read (user_id, read_at).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    subjectType: text('subject_type', { enum: NOTIFICATION_SUBJECTS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    parentId: integer('parent_id'),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('notifications_user_created_id').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread').on(t.userId).where(sql`${t.readAt} is null`),
    // What a removed post or comment takes with it: its notifications, found by subject (comments also by post).
    index('notifications_subject').on(t.subjectType, t.subjectId),
    index('notifications_parent').on(t.parentId).where(sql`${t.parentId} is not null`),
  ],
);

/** A member's choice per notification kind and channel; a missing row means the default (both channels on). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [uniqueIndex('notification_settings_user_kind').on(t.userId, t.kind)],
);
