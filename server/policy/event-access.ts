import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema/events';
import { subjects } from '../db/schema/subjects';
import { users } from '../db/schema/users';
import { notFound } from '../lib/errors';
import { eventRole, mayViewEvent, type EventRole } from './event-policy';

/** Said for an event that is missing and for one the viewer may not see alike (architecture.md: 404 for both). */
export const EVENT_NOT_FOUND = 'That event does not exist.';

export type EventSubjectRow = { id: number; subjectId: number; userId: number; isDraft: boolean; whoCanSee: 'public' | 'followers' | 'invite'; organiserIsPrivate: boolean };

/** An event's id, organiser, draft state and audience, with the organiser's privacy: what the policy needs. Not one a moderator removed. */
export async function loadEventSubject(db: Db, eventId: number): Promise<EventSubjectRow | undefined> {
  const [row] = await db
    .select({ id: events.id, subjectId: events.subjectId, userId: events.userId, isDraft: events.isDraft, whoCanSee: events.whoCanSee, organiserIsPrivate: users.isPrivate })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .innerJoin(subjects, eq(subjects.id, events.subjectId))
    .where(and(eq(events.id, eventId), isNull(subjects.removedAt)))
    .limit(1);
  return row;
}

/**
 * The event `eventId` if `viewerId` may see it (the policy's `mayViewEvent`), else a 404. Every route that reads or
 * acts on an event by id (details, toggles, people, reactions, comments, calendar) starts here.
 */
export async function loadViewableEvent(db: Db, viewerId: number, eventId: number): Promise<EventSubjectRow> {
  const row = await loadEventSubject(db, eventId);
  if (!row || !(await mayViewEvent(db, viewerId, row, { id: row.userId, isPrivate: row.organiserIsPrivate }))) throw notFound(EVENT_NOT_FOUND);
  return row;
}

/** The event and the viewer's role if the viewer may see it, else the same 404. */
export async function loadEventWithRole(db: Db, viewerId: number, eventId: number): Promise<EventSubjectRow & { role: EventRole }> {
  const row = await loadViewableEvent(db, viewerId, eventId);
  return { ...row, role: await eventRole(db, viewerId, row) };
}
