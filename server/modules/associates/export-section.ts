import { asc, eq } from 'drizzle-orm';
import { associateAudit, associates } from '../../db/schema/associates';
import { users } from '../../db/schema/users';
import type { ExportSection } from '../account/export-registry';

/**
 * Issue 25, both sides of management: the associates the member manages (their account ids, names, status and
 * grants) and, for an associate, who manages them and what they may do, with the audit of every change to it.
 */
export const associatesExportSection: ExportSection = {
  name: 'associates',
  async collect(db, userId) {
    const managed = await db
      .select({ associateId: associates.userId, firstName: users.firstName, lastName: users.lastName, status: associates.status, permissions: associates.permissions, addedAt: associates.createdAt })
      .from(associates)
      .innerJoin(users, eq(users.id, associates.userId))
      .where(eq(associates.ownerId, userId))
      .orderBy(asc(associates.createdAt), asc(associates.userId));
    const [managedBy] = await db
      .select({ ownerId: associates.ownerId, status: associates.status, permissions: associates.permissions, since: associates.createdAt })
      .from(associates)
      .where(eq(associates.userId, userId));
    const audit = await db
      .select({ change: associateAudit.change, permission: associateAudit.permission, byUserId: associateAudit.actorId, at: associateAudit.createdAt })
      .from(associateAudit)
      .where(eq(associateAudit.associateId, userId))
      .orderBy(asc(associateAudit.createdAt), asc(associateAudit.id));
    return { managed, managedBy: managedBy ?? null, audit };
  },
};
