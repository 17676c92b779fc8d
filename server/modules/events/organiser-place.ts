import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventAttendees, events } from '../../db/schema/events';
import type { EventRow } from './event-views';

/**
 * The organiser's own place (as on Meetup): from the moment an event is published its organiser is going, counted in
 * `going_count`, listed first among the people going and taking one of the places of a capacity. They cannot leave
 * it (they cancel the event instead). Co-hosts are not given a place: they mark Going like anyone else.
 */

/** Whether the organiser holds a place (going or, in data from before this rule, waiting) at the event. */
export async function organiserHasPlace(tx: Db, event: Pick<EventRow, 'id' | 'userId'>): Promise<boolean> {
  const [row] = await tx
    .select({ id: eventAttendees.id })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, event.userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Gives the organiser their place at an event being published, in its transaction (the event locked or just made).
 * A published event's capacity is at least 1, and a draft has nobody going, so the place is always there.
 */
export async function takeOrganiserPlace(tx: Db, now: Date, event: Pick<EventRow, 'id' | 'userId'>) {
  const added = await tx
    .insert(eventAttendees)
    .values({ eventId: event.id, userId: event.userId, status: 'going', createdAt: now, statusAt: now })
    .onConflictDoNothing({ target: [eventAttendees.eventId, eventAttendees.userId] })
    .returning({ id: eventAttendees.id });
  if (added.length > 0) await tx.update(events).set({ goingCount: sql`${events.goingCount} + 1` }).where(eq(events.id, event.id));
}

/** Takes the organiser's place back when a published event nobody else joined goes back to being a draft. */
export async function releaseOrganiserPlace(tx: Db, event: Pick<EventRow, 'id' | 'userId'>) {
  const gone = await tx
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, event.userId), eq(eventAttendees.status, 'going')))
    .returning({ id: eventAttendees.id });
  if (gone.length > 0) await tx.update(events).set({ goingCount: sql`${events.goingCount} - 1` }).where(eq(events.id, event.id));
}
