import { and, eq } from 'drizzle-orm';
import type { eventPeople, eventPeopleQuery } from '#contract/events';
import type * as z from 'zod/mini';
import type { Db } from '../../db/client';
import { keysetPage } from '../../db/keyset';
import { eventAttendees, eventInterests, events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { qualified } from '../../db/qualified';
import { loadViewableEvent } from '../../policy/event-access';
import { guardianFor } from '../../policy/guardian';

export const PEOPLE_PER_PAGE = 30;

/** Only the public columns of a member (check 11). */
const summary = { userId: users.id, handleName: users.handleName, firstName: users.firstName, lastName: users.lastName, profileImage: users.profileImage };

/**
 * `GET /api/challenge/people`: who is going (in the order they got their place), interested (newest first) or
 * waiting (queue order: first in line first), for an event the viewer may see. Keyset-paged; `total` is the event's
 * own count, kept in the transactions that change it.
 */
export async function listPeople(db: Db, viewerId: number, q: z.infer<typeof eventPeopleQuery>): Promise<z.infer<typeof eventPeople>> {
  await loadViewableEvent(db, viewerId, q.challengeId);
  // Nobody on the other side of a block with the viewer; `total` stays the event's own count of places and interest.
  const unblocked = guardianFor(db, viewerId).unblockedWhere(qualified(users.id));
  const [counts] = await db
    .select({ going: events.goingCount, waitlist: events.waitlistCount, interested: events.interestedCount })
    .from(events)
    .where(eq(events.id, q.challengeId));
  const total = counts![q.list];

  if (q.list === 'interested') {
    const at = keysetPage(q, { createdAt: eventInterests.createdAt, id: eventInterests.id }, PEOPLE_PER_PAGE);
    const rows = await db
      .select({ ...summary, at: eventInterests.createdAt, rowId: eventInterests.id })
      .from(eventInterests)
      .innerJoin(users, eq(users.id, eventInterests.userId))
      .where(and(eq(eventInterests.eventId, q.challengeId), unblocked, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset);
    const answer = at.answer(rows, total, (r) => ({ createdAt: r.at, id: r.rowId }));
    return { ...answer, list: answer.list.map(({ at: _at, rowId: _id, ...member }) => member) };
  }

  const going = q.list === 'going';
  const at = keysetPage(q, { createdAt: going ? eventAttendees.statusAt : eventAttendees.createdAt, id: eventAttendees.id }, PEOPLE_PER_PAGE, 'asc');
  const rows = await db
    .select({ ...summary, at: going ? eventAttendees.statusAt : eventAttendees.createdAt, rowId: eventAttendees.id })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(and(eq(eventAttendees.eventId, q.challengeId), eq(eventAttendees.status, going ? 'going' : 'waitlisted'), unblocked, at.where))
    .orderBy(...at.orderBy)
    .limit(at.limit)
    .offset(at.offset);
  const answer = at.answer(rows, total, (r) => ({ createdAt: r.at, id: r.rowId }));
  return { ...answer, list: answer.list.map(({ at: _at, rowId: _id, ...member }) => member) };
}
