import { and, eq, sql } from 'drizzle-orm';
import type { EventStatus } from '#contract/events';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { eventAttendees, eventInterests, events } from '../../db/schema/events';
import { conflict } from '../../lib/errors';
import { withOutbox, type Outbox } from '../notifications/outbox';
import { loadViewableEvent } from '../../policy/event-access';
import { eventStatusOf, type EventRow } from './event-views';
import { closedReason, fillFromWaitlist, lockEvent } from './waitlist';

/**
 * Interested, going and the waitlist (issue 6). Interest and attendance are separate (as Meetup keeps them): joining
 * leaves "interested" as it was. Each call answers the viewer's state and the counts (`eventStatus`), and repeating
 * one (joining twice, leaving twice) changes nothing.
 */

type StatusDeps = Pick<Deps, 'db' | 'bus' | 'mailer' | 'clock' | 'storage'>;

/** The organiser is going from the moment the event is published (organiser-place.ts): these are not theirs to toggle. */
const ORGANISER_INTEREST = 'You’re organising this event, so you’re going already.';
const ORGANISER_LEAVES = 'You’re organising this event, so you can’t leave it. Cancel it instead.';

/** Takes back `userId`'s interest in the event, its count with it; answers whether there was one. */
async function dropInterest(tx: Db, eventId: number, userId: number) {
  const gone = await tx
    .delete(eventInterests)
    .where(and(eq(eventInterests.eventId, eventId), eq(eventInterests.userId, userId)))
    .returning({ id: eventInterests.id });
  if (gone.length === 0) return false;
  await tx.update(events).set({ interestedCount: sql`${events.interestedCount} - 1` }).where(eq(events.id, eventId));
  return true;
}

/**
 * Takes `userId` off the event's going list or waitlist, its count with them. A place given up goes, in the same
 * transaction, to the first member waiting, who is told. Call with the event locked (`lockEvent`): `event` as read then.
 */
async function giveUpPlace(tx: Db, now: Date, outbox: Outbox, event: EventRow, userId: number) {
  const [left] = await tx
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, userId)))
    .returning({ status: eventAttendees.status });
  if (left?.status === 'going') {
    await tx.update(events).set({ goingCount: sql`${events.goingCount} - 1` }).where(eq(events.id, event.id));
    await fillFromWaitlist(tx, now, outbox, { ...event, goingCount: event.goingCount - 1 });
  } else if (left?.status === 'waitlisted') {
    await tx.update(events).set({ waitlistCount: sql`${events.waitlistCount} - 1` }).where(eq(events.id, event.id));
  }
}

/**
 * `POST /api/challenge/interestedChallengetoggle`: marks or unmarks interest. Marking needs an open event (published,
 * not cancelled, not ended) and is not for its organiser; unmarking is always possible.
 */
export async function toggleInterest(deps: StatusDeps, viewerId: number, eventId: number): Promise<EventStatus> {
  return withOutbox(deps, async (tx) => {
    await loadViewableEvent(tx, viewerId, eventId);
    const event = await lockEvent(tx, eventId);
    if (!(await dropInterest(tx, eventId, viewerId))) {
      if (event.userId === viewerId) throw conflict(ORGANISER_INTEREST);
      const now = deps.clock.now();
      const closed = closedReason(event, now);
      if (closed) throw conflict(closed);
      await tx.insert(eventInterests).values({ eventId, userId: viewerId, createdAt: now });
      await tx.update(events).set({ interestedCount: sql`${events.interestedCount} + 1` }).where(eq(events.id, eventId));
    }
    return eventStatusOf(tx, viewerId, eventId);
  });
}

/**
 * `POST /api/challenge/join`: going, or on the waitlist when every place is taken. The event row is locked for the
 * count and the insert, so concurrent joins never take more places than there are, and the waitlist's order is the
 * order the lock was granted in. Already going or waiting: nothing changes.
 */
export async function joinEvent(deps: StatusDeps, viewerId: number, eventId: number): Promise<EventStatus> {
  return withOutbox(deps, async (tx) => {
    await loadViewableEvent(tx, viewerId, eventId);
    const event = await lockEvent(tx, eventId);
    const [already] = await tx
      .select({ id: eventAttendees.id })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, viewerId)));
    if (!already) {
      // Read after the lock: the waitlist is ordered by this time, and the lock hands it out in order.
      const now = deps.clock.now();
      const closed = closedReason(event, now);
      if (closed) throw conflict(closed);
      const full = event.capacity !== null && event.goingCount >= event.capacity;
      await tx.insert(eventAttendees).values({ eventId, userId: viewerId, status: full ? 'waitlisted' : 'going', createdAt: now, statusAt: now });
      await tx
        .update(events)
        .set(full ? { waitlistCount: sql`${events.waitlistCount} + 1` } : { goingCount: sql`${events.goingCount} + 1` })
        .where(eq(events.id, eventId));
    }
    return eventStatusOf(tx, viewerId, eventId);
  });
}

/**
 * `POST /api/challenge/opt-out`: leaves going or the waitlist. A place given up goes, in the same transaction, to the
 * first member waiting, who is told. Not going and not waiting: nothing changes. The organiser cannot leave (409).
 */
export async function leaveEvent(deps: StatusDeps, viewerId: number, eventId: number): Promise<EventStatus> {
  return withOutbox(deps, async (tx, outbox) => {
    await loadViewableEvent(tx, viewerId, eventId);
    const event = await lockEvent(tx, eventId);
    if (event.userId === viewerId) throw conflict(ORGANISER_LEAVES);
    await giveUpPlace(tx, deps.clock.now(), outbox, event, viewerId);
    return eventStatusOf(tx, viewerId, eventId);
  });
}

/**
 * A member whose account is going (account deletion, inside its transaction, before the user row) leaves every event
 * they were going to, waiting for or interested in, as if they had opted out and taken back their interest: the
 * counts follow, and each place they held goes to the first member waiting, who is told. Events they organise are
 * left alone: they go with the account. Events are locked one at a time in id order, as joins lock them.
 */
export async function leaveEveryEvent(tx: Db, now: Date, outbox: Outbox, userId: number) {
  const joined = await tx
    .select({ id: eventAttendees.eventId })
    .from(eventAttendees)
    .where(eq(eventAttendees.userId, userId))
    .union(tx.select({ id: eventInterests.eventId }).from(eventInterests).where(eq(eventInterests.userId, userId)));
  for (const id of joined.map((j) => j.id).sort((a, b) => a - b)) {
    const event = await lockEvent(tx, id);
    if (event.userId === userId) continue;
    await giveUpPlace(tx, now, outbox, event, userId);
    await dropInterest(tx, id, userId);
  }
}
