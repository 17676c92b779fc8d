import { eq } from 'drizzle-orm';
import type { Event } from '#contract/events';
import type { Deps } from '../../deps';
import { events } from '../../db/schema/events';
import { fieldError, forbidden } from '../../lib/errors';
import { mayEditEvent } from '../../policy/event-policy';
import { withOutbox } from '../notifications/outbox';
import { loadEventWithRole } from '../../policy/event-access';
import { startsTooLongAgo } from './event-save';
import { eventView } from './event-views';
import { takeOrganiserPlace } from './organiser-place';
import { lockEvent } from './waitlist';

/**
 * `POST /api/challenge/publish`: a draft published as it stands, from its own page, by whoever may edit it (organiser
 * and co-hosts). The draft was checked whole when it was saved; what publishing adds is a start still to come (a
 * draft saved for last Saturday cannot be joined): without one, a 400 on `startDate` says to change the date first.
 * Publishing gives the organiser their place. An event already published is answered as it is. Answers the event and
 * whether this call published it.
 */
export async function publishEvent(deps: Deps, editorId: number, eventId: number): Promise<{ event: Event; firstPublish: boolean }> {
  const firstPublish = await withOutbox(deps, async (tx) => {
    const { role } = await loadEventWithRole(tx, editorId, eventId);
    if (!mayEditEvent(role)) throw forbidden('Only the organiser and co-hosts can publish this event.');
    const event = await lockEvent(tx, eventId);
    if (!event.isDraft) return false;
    const now = deps.clock.now();
    if (startsTooLongAgo(event.startsAt, now)) {
      throw fieldError('startDate', 'This draft starts in the past. Edit it to a date and time still to come, then publish it.');
    }
    await tx.update(events).set({ isDraft: false, publishedAt: now, updatedAt: now }).where(eq(events.id, eventId));
    await takeOrganiserPlace(tx, now, event);
    return true;
  });
  return { event: await eventView(deps, editorId, eventId), firstPublish };
}
