import { and, eq, isNull } from 'drizzle-orm';
import type { ActivityVisibility } from '#contract/activities';
import type { Db } from '../db/client';
import { activities } from '../db/schema/activities';
import { subjects } from '../db/schema/subjects';
import { users } from '../db/schema/users';
import { notFound } from '../lib/errors';
import { mayEditActivity, mayViewActivity } from './activity-policy';

/** Said for an activity that is missing and for one the viewer may not see alike (architecture.md: 404 for both). */
export const ACTIVITY_NOT_FOUND = 'That activity does not exist.';

export type ActivitySubjectRow = { id: number; subjectId: number; userId: number; isDraft: boolean; visibility: ActivityVisibility; ownerIsPrivate: boolean };

/** An activity's id, owner and audience with the owner's privacy: what the policy needs. Not one a moderator removed. */
export async function loadActivitySubject(db: Db, activityId: number, { removedToo = false } = {}): Promise<ActivitySubjectRow | undefined> {
  const [row] = await db
    .select({ id: activities.id, subjectId: activities.subjectId, userId: activities.userId, visibility: activities.visibility, ownerIsPrivate: users.isPrivate })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .innerJoin(subjects, eq(subjects.id, activities.subjectId))
    .where(and(eq(activities.id, activityId), removedToo ? undefined : isNull(subjects.removedAt)))
    .limit(1);
  // An activity is never a draft: it is logged once it happened (the subject model's comment rule asks).
  return row && { ...row, isDraft: false };
}

/**
 * The activity `activityId` if `viewerId` may see it (`mayViewActivity`), else a 404. Every route that reads or acts
 * on an activity by id (detail, track, GPX, reactions, comments) starts here.
 */
export async function loadViewableActivity(db: Db, viewerId: number, activityId: number): Promise<ActivitySubjectRow> {
  const row = await loadActivitySubject(db, activityId);
  if (!row || !(await mayViewActivity(db, viewerId, row, { id: row.userId, isPrivate: row.ownerIsPrivate }))) throw notFound(ACTIVITY_NOT_FOUND);
  return row;
}

/**
 * The activity if `viewerId` may change it (`mayEditActivity`: edit, delete, the original file), else the same 404.
 * `removedToo`: one a moderator removed is still its owner's to delete (as a removed post is).
 */
export async function loadOwnActivity(db: Db, viewerId: number, activityId: number, options: { removedToo?: boolean } = {}): Promise<ActivitySubjectRow> {
  const row = await loadActivitySubject(db, activityId, options);
  if (!row || !mayEditActivity(viewerId, row)) throw notFound(ACTIVITY_NOT_FOUND);
  return row;
}
