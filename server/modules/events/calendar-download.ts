import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { events } from '../../db/schema/events';
import { loadViewableEvent } from '../../policy/event-access';
import { calendarFileName, eventCalendar } from './calendar-file';

/**
 * `GET /api/challenge/:challengeId/calendar.ics`: an event the viewer may see as an iCalendar file. `origin` is the
 * address the member reached us at, so the file links back to the event's page on the same site; `host` names the
 * UID's domain, so the same event imported twice updates one calendar entry.
 */
export async function eventCalendarFile(deps: Pick<Deps, 'db' | 'clock'>, viewerId: number, eventId: number, site: { origin: string; host: string }) {
  await loadViewableEvent(deps.db, viewerId, eventId);
  const [row] = await deps.db.select().from(events).where(eq(events.id, eventId));
  const e = row!;
  const place = [e.location, e.city, e.state, e.zipCode, e.country].filter((part) => part.trim() !== '').join(', ');
  const text = eventCalendar(
    {
      id: e.id,
      name: e.eventName,
      description: e.description,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      timeZone: e.timeZone,
      repeats: e.repeats,
      place,
      latitude: e.latitude,
      longitude: e.longitude,
      cancelled: e.cancelledAt !== null,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
    },
    { now: deps.clock.now(), url: `${site.origin}/events/${e.id}`, host: site.host },
  );
  return { filename: calendarFileName(e.eventName, e.id), text };
}
