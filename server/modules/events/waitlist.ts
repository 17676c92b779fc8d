import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventAttendees, events } from '../../db/schema/events';
import { conflict } from '../../lib/errors';
import { writeNotification } from '../notifications/notify';
import type { Outbox } from '../notifications/outbox';
import { eventColumns, type EventRow } from './event-views';

/**
 * The event row, locked until the transaction ends (`SELECT ... FOR UPDATE`). Every change to who is going takes this
 * lock first, so two joins for the last place run one after the other and the second sees the first's count: no
 * overbooking (the `events_going_within_capacity` check is the database's own guard behind it).
 */
export async function lockEvent(tx: Db, eventId: number): Promise<EventRow> {
  const [row] = await tx.select(eventColumns).from(events).where(eq(events.id, eventId)).for('update');
  // Callers have just checked the viewer may see it; only a delete in between makes it vanish.
  if (!row) throw conflict('That event was just deleted.');
  return row;
}

/** Why nobody can join (or mark interest in) this event now, as a sentence; null when they can. */
export function closedReason(row: Pick<EventRow, 'isDraft' | 'cancelledAt' | 'endsAt'>, now: Date): string | null {
  if (row.isDraft) return 'This event is still a draft: people can join once it is published.';
  if (row.cancelledAt) return 'This event was cancelled.';
  if (row.endsAt <= now) return 'This event has already ended.';
  return null;
}

/**
 * Moves waiting members to going, first in the queue first (by when they joined it), while the event has room, and
 * tells each of them (`events`, from the organiser). Call with the event row locked (`lockEvent`) and its counts as
 * they now stand. Answers who moved up.
 */
export async function fillFromWaitlist(tx: Db, now: Date, outbox: Outbox, event: EventRow): Promise<number[]> {
  const room = event.capacity === null ? event.waitlistCount : Math.min(event.capacity - event.goingCount, event.waitlistCount);
  if (room <= 0 || event.cancelledAt || event.endsAt <= now) return [];
  const first = tx
    .select({ id: eventAttendees.id })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, 'waitlisted')))
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id))
    .limit(room);
  const moved = await tx
    .update(eventAttendees)
    .set({ status: 'going', statusAt: now })
    .where(inArray(eventAttendees.id, first))
    .returning({ userId: eventAttendees.userId, id: eventAttendees.id, createdAt: eventAttendees.createdAt });
  if (moved.length === 0) return [];
  await tx
    .update(events)
    .set({ goingCount: sql`${events.goingCount} + ${moved.length}`, waitlistCount: sql`${events.waitlistCount} - ${moved.length}` })
    .where(eq(events.id, event.id));
  moved.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  for (const m of moved) {
    await writeNotification(tx, now, outbox, { userId: m.userId, actorId: event.userId, kind: 'events', subjectType: 'event', subjectId: event.id, sentence: 'event_place_opened' });
  }
  return moved.map((m) => m.userId);
}
