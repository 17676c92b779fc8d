import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { qualified } from '../db/qualified';
import { gear } from '../db/schema/gear';
import { follows } from '../db/schema/social';
import { users } from '../db/schema/users';
import { notBlockedWith } from './block-policy';
import { mayViewProfileContent, type ContentOwner } from './social-policy';

/**
 * Who may see a piece of gear (issue 24): its owner always, drafts included; anyone else a published piece when they
 * may see the owner's profile content (no block either way; a private member's only by accepted followers, check 12).
 * Retired pieces stay visible with their totals, as a bike sold keeps its history.
 */

export type GearSubject = { userId: number; isDraft: boolean };

export async function mayViewGear(db: Db, viewerId: number, piece: GearSubject, owner: ContentOwner) {
  if (piece.userId === viewerId) return true;
  return !piece.isDraft && (await mayViewProfileContent(db, viewerId, owner));
}

/** Editing, retiring, deleting, naming it on an activity: the owner only. */
export function mayEditGear(viewerId: number, piece: Pick<GearSubject, 'userId'>) {
  return piece.userId === viewerId;
}

/** Whether a piece's photos go unsigned: published, of a public member (as a post for everyone is). */
export function isGearPublicToMembers(piece: GearSubject, owner: ContentOwner) {
  return !piece.isDraft && !owner.isPrivate;
}

/** `isGearPublicToMembers` inside a statement over `gear` (the owner's privacy a primary-key probe), for views. */
export function gearPublicToMembersSql(): SQL<boolean> {
  return sql<boolean>`(not ${qualified(gear.isDraft)} and (select not u.is_private from ${users} u where u.id = ${qualified(gear.userId)}))`;
}

/**
 * `mayViewGear` as a condition on `gear`, for lists and an activity's gear: the viewer's own, or published and of a
 * member whose profile content they may see (no block either way; public, or followed and accepted).
 */
export function visibleGearCondition(viewerId: number | SQLWrapper): SQL {
  const owner = qualified(gear.userId);
  const follower = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${owner} and ${follows.status} = 'accepted')`;
  return sql`(${owner} = ${viewerId} or (not ${qualified(gear.isDraft)} and ${notBlockedWith(viewerId, owner)} and (
    (select not u.is_private from ${users} u where u.id = ${owner}) or ${follower})))`;
}
