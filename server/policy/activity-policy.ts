import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ActivityVisibility } from '#contract/activities';
import type { Db } from '../db/client';
import { activities } from '../db/schema/activities';
import { follows } from '../db/schema/social';
import { users } from '../db/schema/users';
import { qualified } from '../db/qualified';
import { permits, permitsWhere } from './associate-policy';
import { blockedEitherWay, notBlockedWith } from './block-policy';
import { notRemovedSubject, notReportedBy } from './moderation-policy';
import { isAcceptedFollower, type ContentOwner } from './social-policy';

/**
 * Who may see an activity (issue 21), beside the profile rules of social-policy.ts: the owner always; nobody across a
 * block either way; `only_me` nobody else; `followers` accepted followers only; `everyone` whoever may see the owner's
 * profile content (a private member's activities only by accepted followers, check 12). A pending request grants
 * nothing. What of a seen activity reaches others (the track trimmed at the owner's privacy zones, check 19) is the
 * activity views' business (server/modules/activities/activity-views.ts): this file says only whether.
 */

export type ActivitySubject = { userId: number; visibility: ActivityVisibility };

export async function mayViewActivity(db: Db, viewerId: number, activity: ActivitySubject, owner: ContentOwner) {
  if (activity.userId === viewerId) return true;
  if (activity.visibility === 'only_me') return false;
  // An associate whose owner has not granted `share_activities` is seen by nobody else (issue 25).
  if (!(await permits(db, activity.userId, 'share_activities'))) return false;
  if (await blockedEitherWay(db, viewerId, owner.id)) return false;
  if (activity.visibility === 'everyone' && !owner.isPrivate) return true;
  return isAcceptedFollower(db, viewerId, owner.id);
}

/** Editing, deleting, downloading the original: the owner only. */
export function mayEditActivity(viewerId: number, activity: Pick<ActivitySubject, 'userId'>) {
  return activity.userId === viewerId;
}

/**
 * `mayViewActivity` as a condition on `activities`, and a moderator's removal hiding it from everyone, as
 * `loadViewableActivity` asks both: for a read of one activity that is one statement (its track, activity-views.ts).
 * The owner's privacy and the follow edge are probes per row by primary and unique keys, as `visibleFeedsCondition`
 * does.
 */
export function viewableActivityCondition(viewerId: number | SQLWrapper): SQL {
  const owner = qualified(activities.userId);
  const follower = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${owner} and ${follows.status} = 'accepted')`;
  return sql`((${owner} = ${viewerId} or (${qualified(activities.visibility)} <> 'only_me' and ${notBlockedWith(viewerId, owner)} and ${permitsWhere(owner, 'share_activities')} and (
    (${qualified(activities.visibility)} = 'everyone' and (select not u.is_private from ${users} u where u.id = ${owner})) or ${follower}))
    ) and ${notRemovedSubject(qualified(activities.subjectId))})`;
}

/**
 * `viewableActivityCondition` for lists, sums and event progress: one the viewer reported also leaves their lists. A
 * mute does not: the muted member's log stays on their profile, as their profile does.
 */
export function visibleActivitiesCondition(viewerId: number | SQLWrapper): SQL {
  return sql`(${viewableActivityCondition(viewerId)} and (${qualified(activities.userId)} = ${viewerId} or ${notReportedBy(viewerId, 'activity', qualified(activities.id))}))`;
}

/**
 * `isActivityPublicToMembers` inside a statement over `activities` (its owner's privacy a primary-key probe): whether
 * the map picture everyone else sees goes unsigned, for views built in SQL or beside it (activity-wire.ts, feed cards).
 */
export function activityPublicToMembersSql(): SQL<boolean> {
  return sql<boolean>`(${qualified(activities.visibility)} = 'everyone' and (select not u.is_private from ${users} u where u.id = ${qualified(activities.userId)}) and ${permitsWhere(qualified(activities.userId), 'share_activities')})`;
}

/**
 * Whether an activity is every member's to see (published to everyone by a public member): only its map picture is
 * then served without a signature (check 14, media-policy.ts).
 */
export function isActivityPublicToMembers(activity: ActivitySubject, owner: ContentOwner) {
  return activity.visibility === 'everyone' && !owner.isPrivate;
}
