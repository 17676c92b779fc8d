import { and, eq, or } from 'drizzle-orm';
import type { Event } from '#contract/events';
import type { Deps } from '../../deps';
import { eventAttendees, eventInterests, events } from '../../db/schema/events';
import { uploads } from '../../db/schema/media';
import { notifications } from '../../db/schema/notifications';
import { conflict, forbidden } from '../../lib/errors';
import { mayCancelEvent } from '../../policy/event-policy';
import { detachUploads } from '../media/attach';
import { writeNotification } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';
import { loadEventWithRole } from '../../policy/event-access';
import { eventView } from './event-views';
import { lockEvent } from './waitlist';
import { deleteSubjects } from '../subjects/subject-rows';

/** Cancelling and deleting an event: the organiser's alone (`mayCancelEvent`); co-hosts and others get a 403. */

const ORGANISER_ONLY = 'Only the organiser can do that to this event.';

/**
 * `POST /api/challenge/cancel`: the event stays, marked cancelled (lists and the calendar file say so), and everyone
 * going, waiting or interested is told, each once. Cancelling again changes nothing; a draft is deleted, not
 * cancelled, and an event that is over cannot be called off.
 */
export async function cancelEvent(deps: Deps, viewerId: number, eventId: number): Promise<Event> {
  await withOutbox(deps, async (tx, outbox) => {
    const { role } = await loadEventWithRole(tx, viewerId, eventId);
    if (!mayCancelEvent(role)) throw forbidden(ORGANISER_ONLY);
    const event = await lockEvent(tx, eventId);
    if (event.cancelledAt) return;
    const now = deps.clock.now();
    if (event.isDraft) throw conflict('A draft cannot be cancelled: nobody has seen it. Delete it instead.');
    if (event.endsAt <= now) throw conflict('This event has already ended.');
    await tx.update(events).set({ cancelledAt: now, updatedAt: now }).where(eq(events.id, eventId));
    const attending = await tx.select({ userId: eventAttendees.userId }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId));
    const interested = await tx.select({ userId: eventInterests.userId }).from(eventInterests).where(eq(eventInterests.eventId, eventId));
    const going = new Set(attending.map((a) => a.userId));
    const tell = async (userId: number, sentence: 'event_cancelled_going' | 'event_cancelled_interested') =>
      writeNotification(tx, now, outbox, { userId, actorId: viewerId, kind: 'events', subjectType: 'event', subjectId: eventId, sentence });
    for (const userId of going) await tell(userId, 'event_cancelled_going');
    for (const { userId } of interested) if (!going.has(userId)) await tell(userId, 'event_cancelled_interested');
  });
  return eventView(deps, viewerId, eventId);
}

/**
 * `DELETE /api/challenge`: the event and everything hanging off it (co-hosts, invitations, people, reactions and
 * comments go by cascade), the notifications about it and its comments (they would lead nowhere; the badges follow),
 * and its banner is let go for the sweeper. Its route stays: it is the organiser's, to use again.
 */
export async function deleteEvent(deps: Deps, viewerId: number, eventId: number) {
  await withOutbox(deps, async (tx, outbox) => {
    const { role } = await loadEventWithRole(tx, viewerId, eventId);
    if (!mayCancelEvent(role)) throw forbidden(ORGANISER_ONLY);
    const event = await lockEvent(tx, eventId);
    await deleteSubjects(tx, [event.subjectId]);
    if (event.bannerImage) {
      const [owner] = await tx.select({ userId: uploads.userId }).from(uploads).where(eq(uploads.key, event.bannerImage));
      if (owner) await detachUploads(tx, { userId: owner.userId, keys: [event.bannerImage] });
    }
    const gone = await tx
      .delete(notifications)
      .where(
        or(
          and(eq(notifications.subjectType, 'event'), eq(notifications.subjectId, eventId)),
          and(eq(notifications.subjectType, 'event_comment'), eq(notifications.parentId, eventId)),
        ),
      )
      .returning({ userId: notifications.userId });
    for (const member of new Set(gone.map((g) => g.userId))) outbox.badge(member);
  });
}
