import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ASSOCIATE_STATUS, PERMISSION_IDS, type PermissionId } from '#contract/associates';
import type { Db } from '../db/client';
import { associates } from '../db/schema/associates';

/**
 * What an associate may do (issue 25, check 21): an independent member (no `associates` row) everything; an associate
 * what their owner granted, read from the row on every question, so a revoke acts on the next request. The Guardian
 * asks this for every action a route declares (server/plugins/permission-gate.ts) and for the rules that reach other
 * members' questions: who may find, mention or follow an associate, and who sees their activities.
 */

export type AssociateGrant = { ownerId: number; status: number; permissions: PermissionId[] };

/** The associate row of `userId`, or undefined for an independent member. */
export async function associateGrantOf(db: Db, userId: number): Promise<AssociateGrant | undefined> {
  const [row] = await db
    .select({ ownerId: associates.ownerId, status: associates.status, permissions: associates.permissions })
    .from(associates)
    .where(eq(associates.userId, userId))
    .limit(1);
  return row;
}

/** Whether `userId` may do what `permission` covers: an inactive associate nothing (their sessions are gone anyway). */
export async function permits(db: Db, userId: number, permission: PermissionId) {
  const grant = await associateGrantOf(db, userId);
  return !grant || (grant.status === ASSOCIATE_STATUS.active && grant.permissions.includes(permission));
}

/** Whether `ownerId` manages `associateId`: every associate route's object check (another owner's answers 404). */
export async function managesAssociate(db: Db, ownerId: number, associateId: number) {
  const [row] = await db
    .select({ userId: associates.userId })
    .from(associates)
    .where(and(eq(associates.userId, associateId), eq(associates.ownerId, ownerId)))
    .limit(1);
  return row !== undefined;
}

/**
 * `permits` as a condition on a member column, for rules asked about many members at once (member search, mentions,
 * activities in lists): true for an independent member or an associate holding `permission`. A primary-key probe.
 */
export function permitsWhere(memberColumn: SQLWrapper, permission: PermissionId): SQL {
  // A constant of the contract's list, written into the text: statements keep one shape with only values as parameters.
  if (!PERMISSION_IDS.includes(permission)) throw new Error(`unknown permission ${permission}`);
  return sql`not exists (select 1 from ${associates} where ${associates.userId} = ${memberColumn} and not (${sql.raw(`'${permission}'`)} = any(${associates.permissions})))`;
}

/** What a change of profile settings needs (`POST /api/profileSetting`): turning the profile public is `public_profile`. */
export function settingsPermission(settings: { isPrivate?: boolean | undefined }): PermissionId | null {
  return settings.isPrivate === false ? 'public_profile' : null;
}
