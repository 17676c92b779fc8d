import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/** A member's data export (spec: data rights): one zip, downloadable by its owner until it expires. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull().default('pending'),
    fileKey: text('file_key'),
    bytes: integer('bytes'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('data_exports_user_created').on(t.userId, t.createdAt)],
);
