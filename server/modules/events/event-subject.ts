import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/events';
import type { SubjectSpec } from '../subjects/subject-spec';
import { loadViewableEvent, type EventSubjectRow } from '../../policy/event-access';
import { guardianFor } from '../../policy/guardian';

/**
 * Events as a subject (server/modules/subjects/subject-spec.ts): their reactions and comments are the shared ones,
 * seen by whoever may see the event (`mayViewEvent`), closed while it is a draft. The organiser is told "… reacted to
 * your event." and "… commented on your event."; comment notifications lead to `event_comment` with the event's id as
 * `parentId`, so the client links to the event.
 */
export const eventSubject: SubjectSpec<'eventId', EventSubjectRow> = {
  kind: 'event',
  key: 'eventId',
  loadViewable: loadViewableEvent,
  async idOf(db: Db, subjectId: number) {
    const [row] = await db.select({ id: events.id }).from(events).where(eq(events.subjectId, subjectId)).limit(1);
    return row?.id;
  },
  async audience(db, event) {
    // loadViewableEvent read the organiser's privacy already.
    return (userId) => guardianFor(db, userId).canSeeEvent(event, { id: event.userId, isPrivate: event.organiserIsPrivate });
  },
  draftMessage: 'Comments open once the event is published.',
  sentences: { reacted: 'event_like', commented: 'event_comment' },
};
