import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/**
 * Who follows whom. `pending` is a request to a private profile (it grants nothing); `accepted` is a follow.
 * Lists read (followee|follower, status) newest first: the indexes are ascending and scanned backward.
 */
export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['accepted', 'pending'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    uniqueIndex('follows_follower_followee_unique').on(t.followerId, t.followeeId),
    index('follows_followee_status_created_id').on(t.followeeId, t.status, t.createdAt, t.id),
    index('follows_follower_status_created_id').on(t.followerId, t.status, t.createdAt, t.id),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);
