import { and, eq, ne } from 'drizzle-orm';
import { EVENT_DURATION_MAX_DAYS, type Event, type EventInput } from '#contract/events';
import { postcodeProblem } from '#contract/postcode';
import { SPORTS } from '#contract/sports';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/events';
import { mapRoutes } from '../../db/schema/map-routes';
import { uploads } from '../../db/schema/media';
import { AppError, FieldErrors, forbidden } from '../../lib/errors';
import { mayEditEvent } from '../../policy/event-policy';
import { attachUpload, detachUploads } from '../media/attach';
import { withOutbox } from '../notifications/outbox';
import { applyCohostPlan, planCohosts } from './cohosts';
import { loadEventWithRole } from '../../policy/event-access';
import { eventView, type EventRow } from './event-views';
import { organiserHasPlace, releaseOrganiserPlace, takeOrganiserPlace } from './organiser-place';
import { canonicalZone } from './time-zone';
import { fillFromWaitlist, lockEvent } from './waitlist';
import { newSubject } from '../subjects/subject-rows';

/** Creating and editing events (`POST` / `PUT /api/challenge`); cancel and delete are event-lifecycle.ts. */

const DAY_S = 86_400;
/**
 * How far in the past a newly published event may start: a form filled in at 09:58 for "10:00" is sent at 10:03.
 * Anything older is a mistake (or a back-dated event nobody could join).
 */
const START_GRACE_S = 15 * 60;

/** Whether an event starting at `startsAt` is too far in the past to be published (or moved to) at `now`. */
export const startsTooLongAgo = (startsAt: Date, now: Date) => startsAt.getTime() < now.getTime() - START_GRACE_S * 1000;

const SPORT_IDS = new Set<number>(SPORTS.map((s) => s.id));

/** The checks that need nothing but the input: sport, times, zone, place. Answers the canonical zone. */
function checkInput(input: EventInput, errors: FieldErrors): string {
  if (!SPORT_IDS.has(input.sportId)) errors.add('sportId', 'Pick one of the sports on the list.');
  const start = Number(input.startDate);
  const end = Number(input.endDate);
  if (end <= start) errors.add('endDate', 'The event must end after it starts.');
  else if (end - start > EVENT_DURATION_MAX_DAYS * DAY_S) errors.add('endDate', `An event can last at most ${EVENT_DURATION_MAX_DAYS} days.`);
  const zone = canonicalZone(input.timeZone);
  if (!zone) errors.add('timeZone', 'That is not a time zone we know. Pick one from the list.');
  if ((input.latitude == null) !== (input.longitude == null)) errors.add('latitude', 'Give both latitude and longitude of the meeting point, or neither.');
  const postcode = postcodeProblem(input.zipCode ?? '', input.country ?? '');
  if (postcode) errors.add('zipCode', postcode);
  return zone ?? input.timeZone;
}

/** The event being edited, locked, if the editor may see and edit it: 404 when they may not see it, 403 when they may only look. */
async function loadEditable(tx: Db, editorId: number, eventId: number): Promise<EventRow> {
  const { role } = await loadEventWithRole(tx, editorId, eventId);
  if (!mayEditEvent(role)) throw forbidden('Only the organiser and co-hosts can edit this event.');
  return lockEvent(tx, eventId);
}

/** The route must be one of the editor's own, or the one the event already shows (a co-host keeps the organiser's). */
async function checkRoute(tx: Db, editorId: number, routeId: number | null, existing: EventRow | undefined, errors: FieldErrors) {
  if (routeId === null || routeId === existing?.routeId) return;
  const [route] = await tx
    .select({ id: mapRoutes.id })
    .from(mapRoutes)
    .where(and(eq(mapRoutes.id, routeId), eq(mapRoutes.userId, editorId)));
  if (!route) errors.add('routeId', 'That route does not exist. Draw it or import it again.');
}

/**
 * The banner: the editor's own `event` upload, used by no other event. A changed banner attaches the new upload and
 * detaches the old (whoever uploaded it: a co-host may replace the organiser's), in this transaction.
 */
async function saveBanner(tx: Db, now: Date, editorId: number, key: string | null, existing: EventRow | undefined, errors: FieldErrors) {
  const old = existing?.bannerImage ?? null;
  if (key === old) return;
  if (key !== null) {
    const [elsewhere] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.bannerImage, key), existing ? ne(events.id, existing.id) : undefined))
      .limit(1);
    if (elsewhere) {
      errors.add('bannerImage', 'That image belongs to another event: upload it again.');
      return;
    }
    try {
      await attachUpload(tx, { userId: editorId, key, field: 'bannerImage', purpose: 'event', now });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.add('bannerImage', error.message);
      return;
    }
  }
  if (old !== null) {
    const [owner] = await tx.select({ userId: uploads.userId }).from(uploads).where(eq(uploads.key, old));
    if (owner) await detachUploads(tx, { userId: owner.userId, keys: [old] });
  }
}

/**
 * `POST /api/challenge` (no `id`) and `PUT /api/challenge` (`id`; organiser or co-host). Beyond the contract's shape:
 * a known sport, end after start within `EVENT_DURATION_MAX_DAYS`, a zone the runtime knows, a start not in the past
 * when the event is first published (or its start is moved), the editor's own route, co-hosts as `planCohosts` allows
 * (each newly named one invited), the editor's own banner upload, and a capacity not below the people already going.
 * Publishing gives the organiser their place (organiser-place.ts). A published event goes back to being a draft only
 * while nobody else has joined or shown interest. Raising the capacity moves waiting members up. Answers the event and
 * whether this save published it.
 */
export async function saveEvent(deps: Deps, editorId: number, input: EventInput): Promise<{ event: Event; firstPublish: boolean }> {
  const errors = new FieldErrors();
  const timeZone = checkInput(input, errors);
  errors.throwIfAny();
  const startsAt = new Date(Number(input.startDate) * 1000);
  const endsAt = new Date(Number(input.endDate) * 1000);

  const { eventId, firstPublish } = await withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const existing = input.id === undefined ? undefined : await loadEditable(tx, editorId, input.id);
    const organiserId = existing?.userId ?? editorId;

    const firstPublish = !input.isDraft && (!existing || existing.isDraft);
    const unpublish = existing !== undefined && !existing.isDraft && input.isDraft;
    const moved = existing !== undefined && existing.startsAt.getTime() !== startsAt.getTime();
    if (!input.isDraft && (firstPublish || moved) && startsTooLongAgo(startsAt, now)) {
      errors.add('startDate', 'The start is in the past. Pick a time that is still to come.');
    }
    const organiserGoing = existing && !existing.isDraft ? await organiserHasPlace(tx, existing) : false;
    if (unpublish && existing.goingCount - Number(organiserGoing) + existing.waitlistCount + existing.interestedCount > 0) {
      errors.add('isDraft', 'People have already joined or shown interest, so this event cannot go back to being a draft. Cancel it instead.');
    }
    const capacity = input.capacity ?? null;
    if (existing && capacity !== null && capacity < existing.goingCount) {
      const who = organiserGoing ? ', the organiser included' : '';
      errors.add('capacity', `${existing.goingCount} people are already going${who}: the capacity cannot be lower than that.`);
    }
    await checkRoute(tx, editorId, input.routeId ?? null, existing, errors);
    const cohosts = await planCohosts(tx, { editorId, organiserId, eventId: existing?.id, wanted: input.CoHost }, (message) => errors.add('CoHost', message));
    await saveBanner(tx, now, editorId, input.bannerImage ?? null, existing, errors);
    errors.throwIfAny();

    const values = {
      eventName: input.eventName,
      activityType: input.activityType,
      sportId: input.sportId,
      difficulty: input.difficulty,
      icon: input.icon,
      bannerImage: input.bannerImage ?? null,
      description: input.meetingDescription,
      isDraft: input.isDraft,
      whoCanSee: input.whoCanSee,
      repeats: input.repeats,
      startsAt,
      endsAt,
      timeZone,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      location: input.location ?? '',
      city: input.city ?? '',
      state: input.state ?? '',
      country: input.country ?? '',
      zipCode: input.zipCode ?? '',
      routeId: input.routeId ?? null,
      goalCalories: input.goalCalories ?? null,
      goalElevationM: input.goalElevation ?? null,
      goalDistanceM: input.goalDistance ?? null,
      capacity,
      updatedAt: now,
      publishedAt: input.isDraft ? null : (existing?.publishedAt ?? now),
    };
    const [row] = existing
      ? await tx.update(events).set(values).where(eq(events.id, existing.id)).returning()
      : await tx
          .insert(events)
          .values({ ...values, userId: editorId, subjectId: await newSubject(tx, 'event', editorId), createdAt: now })
          .returning();
    if (firstPublish) await takeOrganiserPlace(tx, now, row!);
    if (unpublish) await releaseOrganiserPlace(tx, row!);
    await applyCohostPlan(tx, now, outbox, row!.id, cohosts);
    if (existing) await fillFromWaitlist(tx, now, outbox, await lockEvent(tx, row!.id));
    return { eventId: row!.id, firstPublish };
  });
  return { event: await eventView(deps, editorId, eventId), firstPublish };
}

