import type { ActivityVisibility } from '#contract/activities';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { newSubject } from '../subjects/subject-rows';

// Activities for tests of what hangs off an activity (visibility, kudos, comments, reports), written straight into the
// table, typed in by hand (no track): the import's own tests cover files.

export type TestActivityInput = { visibility?: ActivityVisibility; title?: string; sportId?: number; startAt?: Date; distanceM?: number };

/** A manual activity of `userId`'s, a 10 km ride on 17 May 2026 unless asked; answers its id. */
export async function insertActivity(db: Db, userId: number, input: TestActivityInput = {}) {
  const [row] = await db
    .insert(activities)
    .values({
      userId,
      subjectId: await newSubject(db, 'activity', userId),
      sportId: input.sportId ?? 34,
      title: input.title ?? 'Morning ride',
      visibility: input.visibility ?? 'everyone',
      source: 'manual',
      startAt: input.startAt ?? new Date(Date.UTC(2026, 4, 17, 7, 30)),
      timeZone: 'Europe/Berlin',
      distanceM: input.distanceM ?? 10_000,
      movingS: 1800,
      elapsedS: 1900,
      elevationGainM: 120,
    })
    .returning({ id: activities.id });
  return row!.id;
}
