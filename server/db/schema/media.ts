import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { VIDEO_STATUSES } from '#contract/videos';
import { ts } from './columns';
import { users } from './users';

/**
 * One uploaded image or video: the original as sent (for the member's export) and the sizes made from it, stored under
 * `media/<key>/`. `attachedAt` stays null until a profile, post or other thing of the owner uses it; unattached
 * uploads are removed after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    originalMime: text('original_mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    // The files made, e.g. {"display": "display.webp", "thumb": "thumb.webp", "original": "original.jpg"}.
    files: jsonb('files').$type<Record<string, string>>().notNull(),
    bytes: integer('bytes').notNull(),
    // Videos (issue 22) are made web-ready by a job after they arrive: `processing` until then, `failed` with the
    // reason in words. Images are made while the upload waits, so they are `ready` from the start.
    status: text('status', { enum: VIDEO_STATUSES }).notNull().default('ready'),
    failure: text('failure'),
    durationMs: integer('duration_ms'),
    createdAt: ts('created_at').notNull().defaultNow(),
    attachedAt: ts('attached_at'),
  },
  (t) => [uniqueIndex('uploads_key_unique').on(t.key), index('uploads_user_id').on(t.userId), index('uploads_unattached_created').on(t.attachedAt, t.createdAt)],
);
