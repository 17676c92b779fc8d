import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { AuditChange, PermissionId } from '../../../contract/associates';
import { ts } from './columns';
import { users } from './users';

/**
 * Issue 25: an associate is a member account (`user_id`) that `owner_id` manages. Its grants are the permission ids
 * of contract/associates.ts it holds; the policy reads them on every action (server/policy/associate-policy.ts), so a
 * revoke acts on the next request. Removing the row (a release, or the owner's account going) makes an independent
 * member of the associate.
 */
export const associates = pgTable(
  'associates',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Spec §9: 1 active, 0 inactive (signed out everywhere, no sign-in).
    status: smallint('status').notNull().default(1),
    permissions: text('permissions').array().$type<PermissionId[]>().notNull().default(sql`'{}'::text[]`),
    // When both were told the associate may become independent (at 16); told once.
    independenceOfferedAt: ts('independence_offered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('associates_owner_created').on(t.ownerId, t.createdAt, t.userId),
    check('associates_status_values', sql`${t.status} in (0, 1)`),
    check('associates_not_own', sql`${t.userId} <> ${t.ownerId}`),
  ],
);

/** Every permission and status change of an associate: who, when, what (the owner's audit list). */
export const associateAudit = pgTable(
  'associate_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    associateId: integer('associate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    change: text('change').$type<AuditChange>().notNull(),
    permission: text('permission').$type<PermissionId>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('associate_audit_associate_created').on(t.associateId, t.createdAt, t.id)],
);
