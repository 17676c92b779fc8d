import { and, desc, eq, max, sql } from 'drizzle-orm';
import { ageOn, type Gender } from '#contract/rules';
import { INDEPENDENCE_AGE, PERMISSION_IDS, type Associate, type AssociateAuditEntry, type AssociateStatus, type PermissionId } from '#contract/associates';
import type { Db } from '../../db/client';
import { associateAudit, associates } from '../../db/schema/associates';
import { sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { guardianFor } from '../../policy/guardian';

/** Said for an associate who is not there and for another owner's alike (check 10: 404 for both). */
export const ASSOCIATE_NOT_FOUND = 'That associate does not exist.';

const associateColumns = {
  userId: users.id,
  email: users.email,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  dob: users.dob,
  gender: users.gender,
  profileImage: users.profileImage,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  status: associates.status,
  permissions: associates.permissions,
  createdAt: associates.createdAt,
  lastActiveAt: sql<Date | null>`(select ${max(sessions.lastUsedAt)} from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
};

type AssociateRow = {
  userId: number;
  email: string;
  handleName: string;
  firstName: string;
  lastName: string;
  dob: string | null;
  gender: Gender | null;
  profileImage: string | null;
  hasPassword: boolean;
  status: number;
  permissions: PermissionId[];
  createdAt: Date;
  lastActiveAt: Date | null;
};

/** Spec §3's permissions list: every permission, granted (1) or not (0). */
export const permissionList = (granted: readonly PermissionId[]) => PERMISSION_IDS.map((id) => ({ id, status: granted.includes(id) ? (1 as const) : (0 as const) }));

function toAssociate(row: AssociateRow, today: Date): Associate {
  const age = row.dob ? ageOn(row.dob, today) : 0;
  return {
    associateId: row.userId,
    email: row.email,
    handleName: row.handleName,
    firstName: row.firstName,
    lastName: row.lastName,
    dob: row.dob ?? '',
    age,
    gender: row.gender,
    status: row.status as AssociateStatus,
    profileImage: row.profileImage,
    invitationPending: !row.hasPassword,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    mayBecomeIndependent: age >= INDEPENDENCE_AGE,
    permission: permissionList(row.permissions),
  };
}

const ownedBy = (ownerId: number) => eq(associates.ownerId, ownerId);

/** The owner's associates, oldest first (the order they were added). */
export async function listAssociates(db: Db, clock: Clock, ownerId: number) {
  const rows = await db
    .select(associateColumns)
    .from(associates)
    .innerJoin(users, eq(users.id, associates.userId))
    .where(ownedBy(ownerId))
    .orderBy(associates.createdAt, associates.userId);
  return rows.map((r) => toAssociate(r, clock.now()));
}

/**
 * The associate `associateId` if `ownerId` manages them (the Guardian's `managesAssociate`), else a 404: every
 * associate route starts here.
 */
export async function loadOwnAssociate(db: Db, clock: Clock, ownerId: number, associateId: number): Promise<Associate> {
  if (!(await guardianFor(db, ownerId).managesAssociate(associateId))) throw notFound(ASSOCIATE_NOT_FOUND);
  const [row] = await db
    .select(associateColumns)
    .from(associates)
    .innerJoin(users, eq(users.id, associates.userId))
    .where(and(eq(associates.userId, associateId), ownedBy(ownerId)));
  if (!row) throw notFound(ASSOCIATE_NOT_FOUND);
  return toAssociate(row, clock.now());
}

const AUDIT_SHOWN = 200;

/** Every permission and status change of an associate, newest first (the latest 200). */
export async function auditOf(db: Db, associateId: number): Promise<AssociateAuditEntry[]> {
  const rows = await db
    .select({
      id: associateAudit.id,
      change: associateAudit.change,
      permission: associateAudit.permission,
      at: associateAudit.createdAt,
      actorId: users.id,
      handleName: users.handleName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(associateAudit)
    .leftJoin(users, eq(users.id, associateAudit.actorId))
    .where(eq(associateAudit.associateId, associateId))
    .orderBy(desc(associateAudit.createdAt), desc(associateAudit.id))
    .limit(AUDIT_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    change: r.change,
    permission: r.permission,
    by: r.actorId === null ? null : { userId: r.actorId, handleName: r.handleName!, firstName: r.firstName!, lastName: r.lastName! },
    at: r.at.toISOString(),
  }));
}

/** `GET /api/associate/permissions`: the associate's grants and audit. */
export async function permissionsView(db: Db, clock: Clock, ownerId: number, associateId: number) {
  const a = await loadOwnAssociate(db, clock, ownerId, associateId);
  return { associateId: a.associateId, firstName: a.firstName, lastName: a.lastName, status: a.status, permission: a.permission, audit: await auditOf(db, associateId) };
}
