import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { activityGear, gear } from '../../db/schema/gear';
import { fieldError } from '../../lib/errors';
import { loadOwnActivity } from '../../policy/activity-access';
import { noticeServiceDue } from './component-save';
import { gearOfActivity } from './gear-views';

/**
 * A new activity (typed in, imported, recorded) gets its owner's default gear for its sport, if any is in use: the
 * ride's bike and the run's shoes without a tap. Call it in the transaction that inserts the activity.
 */
export async function useDefaultGear(tx: Db, activity: { id: number; userId: number; sportId: number }) {
  const [piece] = await tx
    .select({ id: gear.id })
    .from(gear)
    .where(and(eq(gear.userId, activity.userId), eq(gear.sportId, activity.sportId), eq(gear.isDefault, true), isNull(gear.retiredAt)))
    .limit(1);
  if (piece) await tx.insert(activityGear).values({ activityId: activity.id, gearId: piece.id }).onConflictDoNothing();
}

/**
 * `POST /api/activity/gear`: the gear the owner's activity was done with, replaced by `gearIds`. Only the owner's
 * activity (anyone else's is the 404 of a missing one) and only their own pieces: an id of someone else's gear is
 * refused as one that does not exist (no oracle). Answers the activity's gear as its page shows it.
 */
export async function setActivityGear(deps: Pick<Deps, 'db' | 'bus' | 'mailer' | 'clock' | 'storage'>, userId: number, input: { activityId: number; gearIds: readonly number[] }) {
  const ids = [...new Set(input.gearIds)];
  await deps.db.transaction(async (tx) => {
    const own = await loadOwnActivity(tx, userId, input.activityId);
    if (ids.length > 0) {
      const mine = await tx.select({ id: gear.id }).from(gear).where(and(eq(gear.userId, userId), inArray(gear.id, ids)));
      if (mine.length !== ids.length) throw fieldError('gearIds', 'That gear does not exist.');
    }
    await tx.delete(activityGear).where(eq(activityGear.activityId, own.id));
    if (ids.length > 0) await tx.insert(activityGear).values(ids.map((gearId) => ({ activityId: own.id, gearId })));
  });
  await noticeServiceDue(deps, userId);
  return gearOfActivity(deps.db, userId, input.activityId);
}
