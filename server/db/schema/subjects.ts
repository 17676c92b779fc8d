import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/**
 * Whatever members can react to and comment on (issue 18): posts and events today, shorts and activities next. Each
 * kind's own table points to its subject row (`subject_id`, unique), and the reactions, comments and comment likes of
 * every kind live in the three tables below, keyed by subject. `kind` says which table points here (one of
 * SUBJECT_KINDS); `owner_id` is the post's author, the event's organiser. `like_count` and `comment_count` are kept in
 * step inside the transactions that change them (server/modules/reactions, server/modules/comments).
 */
export const SUBJECT_KINDS = ['post', 'event', 'activity'] as const;

export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export const subjects = pgTable(
  'subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: SUBJECT_KINDS }).notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    // Issue 20: taken down by a moderator; hidden from everyone by the policy module until an appeal restores it.
    removedAt: ts('removed_at'),
  },
  (t) => [index('subjects_owner').on(t.ownerId), index('subjects_removed').on(t.id).where(sql`${t.removedAt} is not null`)],
);

/** One reaction per member per subject; `code` is one of contract/feeds.ts REACTION_CODES. */
export const reactions = pgTable(
  'reactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reactions_subject_user').on(t.subjectId, t.userId), index('reactions_subject_created_id').on(t.subjectId, t.createdAt, t.id), index('reactions_user').on(t.userId)],
);

/**
 * Comments on a subject: `parent_id` null for a top-level one, else the top-level comment replied to (one level deep).
 * Top-level lists read (subject_id, parent_id, created_at, id); replies (parent_id, created_at, id).
 */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    mentions: integer('mentions').array().notNull().default(sql`'{}'::integer[]`),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    // Issue 20: taken down by a moderator (hidden with its replies, out of the counts) until an appeal restores it.
    removedAt: ts('removed_at'),
  },
  (t) => [index('comments_subject_parent_created_id').on(t.subjectId, t.parentId, t.createdAt, t.id), index('comments_parent_created_id').on(t.parentId, t.createdAt, t.id), index('comments_user').on(t.userId)],
);

/** Who likes which comment (one like each). */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('comment_likes_comment_user').on(t.commentId, t.userId), index('comment_likes_user').on(t.userId)],
);
