import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { loadActivitySubject, loadViewableActivity, type ActivitySubjectRow } from '../../policy/activity-access';
import { guardianFor } from '../../policy/guardian';
import type { SubjectSpec } from '../subjects/subject-spec';

/**
 * Activities as a subject (server/modules/subjects/subject-spec.ts; issue 21): kudos and comments are the shared
 * reactions and comments, seen by whoever may see the activity (`mayViewActivity`). The owner is told "… gave kudos
 * to your activity." and "… commented on your activity."; comment notifications lead to `activity_comment` with the
 * activity's id as `parentId`.
 */
export const activitySubject: SubjectSpec<'activityId', ActivitySubjectRow> = {
  kind: 'activity',
  key: 'activityId',
  loadViewable: loadViewableActivity,
  async idOf(db: Db, subjectId: number) {
    const [row] = await db.select({ id: activities.id }).from(activities).where(eq(activities.subjectId, subjectId)).limit(1);
    return row?.id;
  },
  async audience(db, activity) {
    // Read again, so a visibility changed since the caller loaded it counts.
    const row = await loadActivitySubject(db, activity.id);
    return async (userId) => row !== undefined && guardianFor(db, userId).canSeeActivity(row, { id: row.userId, isPrivate: row.ownerIsPrivate });
  },
  draftMessage: 'Comments open once the activity is saved.',
  sentences: { reacted: 'activity_like', commented: 'activity_comment' },
};
