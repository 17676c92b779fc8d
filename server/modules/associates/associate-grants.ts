import { eq } from 'drizzle-orm';
import { PERMISSION_IDS, type AuditChange, type PermissionId } from '#contract/associates';
import type { Db } from '../../db/client';
import { associateAudit, associates } from '../../db/schema/associates';
import { users } from '../../db/schema/users';

/** One audit line: `actorId` changed `associateId` (a permission, or the status). */
export function audit(tx: Db, now: Date, associateId: number, actorId: number, change: AuditChange, permission: PermissionId | null = null) {
  return tx.insert(associateAudit).values({ associateId, actorId, change, permission, createdAt: now });
}

/**
 * Sets the named permissions of an associate (the others stay), audits each one that changed and applies what a
 * grant keeps in the account itself: without `public_profile` the profile is private. Inside the caller's transaction.
 */
export async function setGrants(tx: Db, now: Date, input: { associateId: number; actorId: number; current: readonly PermissionId[]; changes: readonly { id: PermissionId; status: 0 | 1 }[] }) {
  const next = new Set(input.current);
  for (const { id, status } of input.changes) {
    if (status === 1 && !next.has(id)) {
      next.add(id);
      await audit(tx, now, input.associateId, input.actorId, 'granted', id);
    } else if (status === 0 && next.has(id)) {
      next.delete(id);
      await audit(tx, now, input.associateId, input.actorId, 'revoked', id);
    }
  }
  const permissions = PERMISSION_IDS.filter((id) => next.has(id));
  await tx.update(associates).set({ permissions, updatedAt: now }).where(eq(associates.userId, input.associateId));
  if (!next.has('public_profile')) await tx.update(users).set({ isPrivate: true, updatedAt: now }).where(eq(users.id, input.associateId));
  return permissions;
}
