import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { events } from '../../db/schema/events';
import { feeds } from '../../db/schema/feeds';
import { notifications } from '../../db/schema/notifications';
import { forgetMemberComments } from '../comments/comment-service';
import { leaveEveryEvent } from '../events/attendance';
import { forgetMemberHashtags } from '../feeds/hashtag-counts';
import type { Outbox } from '../notifications/outbox';
import { forgetMemberReactions } from '../reactions/reaction-service';

/**
 * The notifications about a member's own posts and events and the comments on them: those go with the account by
 * cascade, so the notifications would lead nowhere (as `deleteFeed` and `deleteEvent` remove them for one). One
 * statement per kind, so each walks its own index (notifications_subject, notifications_parent).
 */
async function forgetNoticesAboutOwn(tx: Db, outbox: Outbox, userId: number) {
  const ownPosts = tx.select({ id: feeds.id }).from(feeds).where(eq(feeds.userId, userId));
  const ownEvents = tx.select({ id: events.id }).from(events).where(eq(events.userId, userId));
  const ownActivities = tx.select({ id: activities.id }).from(activities).where(eq(activities.userId, userId));
  const about: SQL[] = [
    and(eq(notifications.subjectType, 'feed'), inArray(notifications.subjectId, ownPosts))!,
    and(eq(notifications.subjectType, 'comment'), inArray(notifications.parentId, ownPosts))!,
    and(eq(notifications.subjectType, 'event'), inArray(notifications.subjectId, ownEvents))!,
    and(eq(notifications.subjectType, 'event_comment'), inArray(notifications.parentId, ownEvents))!,
    and(eq(notifications.subjectType, 'activity'), inArray(notifications.subjectId, ownActivities))!,
    and(eq(notifications.subjectType, 'activity_comment'), inArray(notifications.parentId, ownActivities))!,
  ];
  const told = new Set<number>();
  for (const where of about) {
    const gone = await tx.delete(notifications).where(where).returning({ userId: notifications.userId });
    for (const g of gone) told.add(g.userId);
  }
  told.delete(userId);
  for (const member of told) outbox.badge(member);
}

/**
 * What a member leaves in other members' things, undone in step with the counts and notifications there (account
 * deletion, inside its transaction, before the user row: the rows alone would cascade, the counts would not). They
 * leave every event they were going to, waiting for or interested in (the waitlist moves up and whoever moves is
 * told); their reactions, comments and comment likes on every kind of subject go through the services that count them; the
 * tags of their posts count one post fewer each; and the notifications about their own posts and events go.
 */
export async function forgetMemberActivity(tx: Db, now: Date, outbox: Outbox, userId: number) {
  await leaveEveryEvent(tx, now, outbox, userId);
  await forgetMemberReactions(tx, userId);
  await forgetMemberComments(tx, outbox, userId);
  await forgetMemberHashtags(tx, userId);
  await forgetNoticesAboutOwn(tx, outbox, userId);
}
