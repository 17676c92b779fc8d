import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventCohostInvites, eventCohosts, eventInvites, events } from '../db/schema/events';
import { follows } from '../db/schema/social';
import { users } from '../db/schema/users';
import { qualified } from '../db/qualified';
import { blockedEitherWay, notBlockedWith } from './block-policy';
import { notRemovedSubject, notReportedBy } from './moderation-policy';
import { isAcceptedFollower } from './social-policy';

/**
 * Who may see and do what with an event (issue 6), beside the profile rules of social-policy.ts in the one policy
 * folder. Every event read and write asks these; no route filters on its own.
 *
 * - The organiser and co-hosts see the event, drafts included; co-hosts may edit, only the organiser cancels or deletes.
 * - A member invited to co-host sees the event (drafts included: it is what they are asked to host) but has no rights
 *   on it until they accept; declining, or the organiser taking the name off, ends that.
 * - An invited member sees a published event whatever its `whoCanSee` and the organiser's privacy (an invitation is
 *   the organiser's own choice to show it).
 * - `public`: whoever may see the organiser's profile content (a private organiser's events only by accepted
 *   followers, check 12). `followers`: accepted followers only. `invite`: invited members only.
 * - A pending follow request grants nothing.
 */

export type EventSubject = { id: number; userId: number; isDraft: boolean; whoCanSee: 'public' | 'followers' | 'invite' };
export type EventRole = 'organiser' | 'cohost' | 'member';

/** The viewer's role for an event: organiser, co-host, or anyone else. */
export async function eventRole(db: Db, viewerId: number, event: Pick<EventSubject, 'id' | 'userId'>): Promise<EventRole> {
  if (event.userId === viewerId) return 'organiser';
  return (await isEventCohost(db, viewerId, event.id)) ? 'cohost' : 'member';
}

/** Whether `viewerId` co-hosts event `eventId` (accepted; a member only asked to co-host is not one yet). */
export async function isEventCohost(db: Db, viewerId: number, eventId: number) {
  const [row] = await db
    .select({ userId: eventCohosts.userId })
    .from(eventCohosts)
    .where(and(eq(eventCohosts.eventId, eventId), eq(eventCohosts.userId, viewerId)))
    .limit(1);
  return row !== undefined;
}

/** The co-hosts of event `eventId` (accepted), for a caller deciding for many rows at once (subject-policy.ts). */
export async function eventCohostIds(db: Db, eventId: number): Promise<number[]> {
  const rows = await db.select({ userId: eventCohosts.userId }).from(eventCohosts).where(eq(eventCohosts.eventId, eventId));
  return rows.map((r) => r.userId);
}

async function isInvited(db: Db, viewerId: number, eventId: number) {
  const [row] = await db
    .select({ userId: eventInvites.userId })
    .from(eventInvites)
    .where(and(eq(eventInvites.eventId, eventId), eq(eventInvites.userId, viewerId)))
    .limit(1);
  return row !== undefined;
}

async function isInvitedToCohost(db: Db, viewerId: number, eventId: number) {
  const [row] = await db
    .select({ userId: eventCohostInvites.userId })
    .from(eventCohostInvites)
    .where(and(eq(eventCohostInvites.eventId, eventId), eq(eventCohostInvites.userId, viewerId)))
    .limit(1);
  return row !== undefined;
}

/** Whether `viewerId` may see `event` (and so its people, reactions, comments and banner). */
export async function mayViewEvent(db: Db, viewerId: number, event: EventSubject, organiser: { id: number; isPrivate: boolean }) {
  const role = await eventRole(db, viewerId, event);
  if (role !== 'member') return true;
  // Across a block with the organiser, the event is not there (block-policy.ts), invitation or not.
  if (await blockedEitherWay(db, viewerId, event.userId)) return false;
  if (await isInvitedToCohost(db, viewerId, event.id)) return true;
  if (event.isDraft) return false;
  if (await isInvited(db, viewerId, event.id)) return true;
  if (event.whoCanSee === 'invite') return false;
  if (event.whoCanSee === 'public' && !organiser.isPrivate) return true;
  return isAcceptedFollower(db, viewerId, event.userId);
}

/**
 * Whether every member may see the event (`mayViewEvent` is true for anyone): published, `public`, organiser not
 * private. Its banner and route preview are then served to whoever holds their URL; any other event's are signed
 * (check 14, media-policy.ts).
 */
export function isEventPublicToMembers(event: Pick<EventSubject, 'isDraft' | 'whoCanSee'>, organiser: { isPrivate: boolean }) {
  return !event.isDraft && event.whoCanSee === 'public' && !organiser.isPrivate;
}

/** `isEventPublicToMembers` inside a statement on `events` joined to its organiser's `users` row (event-views.ts). */
export function eventPublicToMembersSql(): SQL<boolean> {
  return sql<boolean>`(not ${events.isDraft} and ${events.whoCanSee} = 'public' and not ${users.isPrivate})`;
}

/** Organiser and co-hosts may edit the event's details, route and people. */
export function mayEditEvent(role: EventRole) {
  return role !== 'member';
}

/** Only the organiser may cancel or delete an event. */
export function mayCancelEvent(role: EventRole) {
  return role === 'organiser';
}

/**
 * `mayViewEvent` as a condition on `events`, for lists: per-row probes by primary and unique keys (the same shape as
 * `visibleFeedsCondition`), so a time-ordered list still walks its index and stops after one page.
 */
export function visibleEventsCondition(viewerId: number | SQLWrapper): SQL {
  const cohost = sql`exists (select 1 from ${eventCohosts} c where c.event_id = ${qualified(events.id)} and c.user_id = ${viewerId})`;
  const askedToCohost = sql`exists (select 1 from ${eventCohostInvites} ci where ci.event_id = ${qualified(events.id)} and ci.user_id = ${viewerId})`;
  const invited = sql`exists (select 1 from ${eventInvites} i where i.event_id = ${qualified(events.id)} and i.user_id = ${viewerId})`;
  const follower = sql`exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followee_id = ${qualified(events.userId)} and f.status = 'accepted')`;
  const publicOrganiser = sql`(select not u.is_private from ${users} u where u.id = ${qualified(events.userId)})`;
  // Not an event a moderator removed (for anyone), nor one the viewer reported (moderation-policy.ts).
  return sql`((${events.userId} = ${viewerId} or ${cohost} or ((${askedToCohost} or (${events.isDraft} = false and (
    ${invited}
    or (${events.whoCanSee} = 'public' and (${publicOrganiser} or ${follower}))
    or (${events.whoCanSee} = 'followers' and ${follower})))) and ${notBlockedWith(viewerId, qualified(events.userId))}
    and ${notReportedBy(viewerId, 'event', qualified(events.id))})) and ${notRemovedSubject(qualified(events.subjectId))})`;
}

/**
 * The events `viewerId` hosts, as a condition on `events`: those they organise and those they co-host (accepted; a
 * member only asked to co-host is not a host until they accept). The "mine" list, drafts included.
 */
export function hostedEventsCondition(viewerId: number): SQL {
  return sql`((${events.userId} = ${viewerId} or exists (select 1 from ${eventCohosts} c where c.event_id = ${qualified(events.id)} and c.user_id = ${viewerId}))
    and ${notRemovedSubject(qualified(events.subjectId))})`;
}
