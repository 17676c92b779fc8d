import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Background work that must survive a restart (exports, clean-ups): polled in-process, or by worker processes. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    doneAt: ts('done_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_due').on(t.doneAt, t.runAt)],
);
