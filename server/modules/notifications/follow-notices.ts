import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { writeNotification } from './notify';
import type { Outbox } from './outbox';
import { sentenceFor } from './sentences';
import { channelsFor } from './settings-service';

// What follows and follow requests do to notifications and counts. The social service calls these inside its own
// transaction, with the outbox that sends after its commit.

const requestNotice = (followeeId: number, requesterId: number) =>
  and(eq(notifications.userId, followeeId), eq(notifications.actorId, requesterId), eq(notifications.kind, 'follow_request'));

/** `followerId` now follows `followeeId` (a public profile, at once). */
export async function followed(tx: Db, now: Date, outbox: Outbox, followerId: number, followeeId: number) {
  await writeNotification(tx, now, outbox, { userId: followeeId, actorId: followerId, kind: 'new_follower', subjectType: 'profile', subjectId: followerId });
}

/** `requesterId` asked to follow `followeeId` (a private profile). The request count goes up even with in-app off. */
export async function requested(tx: Db, now: Date, outbox: Outbox, requesterId: number, followeeId: number) {
  await writeNotification(tx, now, outbox, { userId: followeeId, actorId: requesterId, kind: 'follow_request', subjectType: 'profile', subjectId: requesterId });
  outbox.badge(followeeId);
}

/**
 * `requesterId`'s request to `followeeId` is gone (withdrawn, rejected, removed, or turned into a follow): its
 * notification goes too, since there is nothing left to act on.
 */
export async function requestGone(tx: Db, outbox: Outbox, requesterId: number, followeeId: number) {
  await tx.delete(notifications).where(requestNotice(followeeId, requesterId));
  outbox.badge(followeeId);
}

/**
 * `followeeId` accepted `requesterId`'s request. The request's notification becomes "started following you" (read:
 * the member just acted on it), so the list keeps no button for a request that is settled; a member who turned
 * new-follower notifications off loses it instead. The requester is told.
 */
export async function requestAccepted(tx: Db, now: Date, outbox: Outbox, requesterId: number, followeeId: number) {
  const { inApp } = await channelsFor(tx, followeeId, 'new_follower');
  if (inApp) {
    const [requester] = await tx
      .select({ handleName: users.handleName, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, requesterId));
    await tx
      .update(notifications)
      .set({ kind: 'new_follower', message: sentenceFor('new_follower', requester!), readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(requestNotice(followeeId, requesterId));
  } else {
    await tx.delete(notifications).where(requestNotice(followeeId, requesterId));
  }
  outbox.badge(followeeId);
  await writeNotification(tx, now, outbox, { userId: requesterId, actorId: followeeId, kind: 'request_accepted', subjectType: 'profile', subjectId: followeeId });
}
