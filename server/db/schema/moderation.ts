import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/**
 * Who blocked whom (issue 20). A block holds both ways, whoever made it: the policy module asks "a block either way"
 * (server/policy/block-policy.ts), so each pair is probed by the unique (blocker, blocked) index in both orders. The
 * list of whom a member blocked reads (blocker, created_at, id), ascending and scanned backward for newest first.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocks_blocker_blocked_unique').on(t.blockerId, t.blockedId),
    index('blocks_blocker_created_id').on(t.blockerId, t.createdAt, t.id),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Whom a member muted: the muted member's posts, comments and notifications are hidden from the muter only. */
export const mutes = pgTable(
  'mutes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    muterId: integer('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: integer('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mutes_muter_muted_unique').on(t.muterId, t.mutedId),
    index('mutes_muter_created_id').on(t.muterId, t.createdAt, t.id),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);
