import { useMemo, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { Event } from '#contract/events';
import type { LngLat } from '#contract/map-routes';
import type { MemberSummary } from '#contract/social';
import { Avatar } from '../../../components/avatar';
import { MapView } from '../../../components/map/map-view';
import { distanceToMetres, elevationToMetres, type Units } from '../../../lib/units';
import { useSession } from '../../auth/session-context';
import { displayName } from '../../../lib/display-name';
import { EventBanner } from '../components/event-banner';
import { EventCard } from '../components/event-card';
import { IconFact, SportLine } from '../components/event-labels';
import { RouteFigures } from '../components/route-figures';
import { addressLines, formatEventWhen, formatGoals } from '../event-format';
import type { EventFormInput, EventFormValues } from './event-form-schema';
import { WHO_CAN_SEE_TEXT } from './goals-step';
import { zonedToInstant } from './zoned-time';

const REPEAT_TEXT = { none: null, daily: 'Repeats every day', weekly: 'Repeats every week', monthly: 'Repeats every month' } as const;

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The event as the list will show it, from what was typed: the list's own card, with its organiser going. The form
 * holds no id until the save, so the card's links and buttons are made inert here.
 */
function asEvent(v: EventFormInput, units: Units, organiser: MemberSummary, seconds: { start: number; end: number }, existing: Event | null): Event {
  const capacity = numberOrNull(v.capacity);
  const elevation = numberOrNull(v.goalElevation);
  const distance = numberOrNull(v.goalDistance);
  const id = existing?.id ?? 0;
  const createdBy = existing?.createdBy ?? organiser;
  const accepted = new Set(existing?.coHosts.map((c) => c.userId));
  // Published, the event has its organiser going (as the server does on publishing); an edit keeps what it has.
  const published = existing !== null && !existing.isDraft;
  return {
    id,
    createdBy,
    coHosts: v.coHosts.filter((m) => accepted.has(m.userId)),
    pendingCoHosts: v.coHosts.filter((m) => !accepted.has(m.userId)),
    coHostInvite: null,
    eventName: v.eventName.trim(),
    activityType: v.activityType.trim(),
    sportId: Number(v.sportId),
    difficulty: v.difficulty,
    icon: v.icon,
    bannerImage: v.banner,
    meetingDescription: v.meetingDescription.trim(),
    isDraft: false,
    cancelledAt: null,
    whoCanSee: v.whoCanSee,
    repeats: v.repeats,
    startDate: String(seconds.start),
    endDate: String(seconds.end),
    // Only the card's own formatting of the instants is shown; these spec strings are not read by it.
    startTime: v.startTime,
    endTime: v.endTime,
    timeZone: v.timeZone,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    location: v.location.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    country: v.country.trim(),
    zipCode: v.zipCode.trim(),
    routeId: v.route?.routeId ?? null,
    // No thumbnail on the preview's card: the drawn route's stored image is not signed for display until the event is
    // saved (it showed as a blank grey box), and the map above already draws the route.
    route: v.routePoints.length > 0 && v.route ? { ...v.route, staticImage: null } : null,
    goalCalories: numberOrNull(v.goalCalories),
    goalElevation: elevation === null ? null : elevationToMetres(elevation, units),
    goalDistance: distance === null ? null : distanceToMetres(distance, units),
    status: published
      ? { ...existing.status, capacity }
      : {
          challengeId: id,
          isInterested: false,
          isGoing: createdBy.userId === organiser.userId,
          isWaitlisted: false,
          waitlistPosition: null,
          interestedCount: 0,
          goingCount: 1,
          waitlistCount: 0,
          capacity,
        },
    goingPreview: published ? existing.goingPreview : [createdBy],
    likes: existing?.likes ?? { total: 0, mine: null, byCode: [] },
    commentCount: existing?.commentCount ?? 0,
    isRequest: false,
    canEdit: true,
    isOrganiser: existing?.isOrganiser ?? true,
    createdAt: existing?.createdAt ?? new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
}

type Props = { control: Control<EventFormInput, unknown, EventFormValues>; units: Units; existing: Event | null };

/**
 * Step 5 (spec §4 preview toggle): the event as its page and its card will show it, from what was typed — when in
 * its own zone, where, the route on a map with its figures, goals, hosts, who may see it and how many can come.
 */
export function EventPreview({ control, units, existing }: Props) {
  const v = useWatch({ control }) as EventFormInput;
  const { user } = useSession();
  const start = zonedToInstant({ date: v.startDate, time: v.startTime }, v.timeZone);
  const end = zonedToInstant({ date: v.endDate, time: v.endTime }, v.timeZone);
  const address = addressLines(v);
  const meeting: LngLat | null = v.latitude != null && v.longitude != null ? [v.longitude, v.latitude] : null;
  const points = v.routePoints;
  // One array per place shown: MapView fits again whenever the array changes identity.
  const fitKey = JSON.stringify([points, meeting]);
  const fit = useMemo(() => {
    const [p, m] = JSON.parse(fitKey) as [LngLat[], LngLat | null];
    const all = m ? [...p, m] : p;
    return all.length > 0 ? all : null;
  }, [fitKey]);
  const capacity = numberOrNull(v.capacity);
  const organiser: MemberSummary = user
    ? { userId: user.userId, handleName: user.handleName, firstName: user.firstName, lastName: user.lastName, profileImage: user.profileImage }
    : { userId: 0, handleName: '', firstName: '', lastName: '', profileImage: null };
  const event = start && end ? asEvent(v, units, organiser, { start: start.seconds, end: end.seconds }, existing) : null;
  const goals = event ? formatGoals(event, units) : [];

  return (
    <div className="flex flex-col gap-6">
      <article aria-label="Event preview" className="overflow-hidden rounded-2xl border border-line bg-surface">
        <EventBanner event={{ bannerImage: v.banner, sportId: Number(v.sportId), icon: v.icon }} size="page" />
        <div className="flex flex-col gap-5 p-4 sm:p-6">
          <header className="flex flex-col gap-1">
            <h3 className="text-2xl leading-tight font-bold break-words">{v.eventName.trim()}</h3>
            <SportLine event={{ sportId: Number(v.sportId), activityType: v.activityType, difficulty: v.difficulty }} />
          </header>
          <dl className="flex flex-col gap-3">
            <IconFact icon="events" term="When">
              <span className="font-medium">{event ? formatEventWhen(event) : 'Not set'}</span>
              <span className="text-sm text-muted">{[`Times in ${v.timeZone.replaceAll('_', ' ')}`, REPEAT_TEXT[v.repeats]].filter(Boolean).join(' · ')}</span>
            </IconFact>
            <IconFact icon="pin" term="Where">
              {address.length > 0 ? (
                address.map((line, i) => (
                  <span key={i} className={i === 0 ? 'font-medium' : 'text-sm text-muted'}>
                    {line}
                  </span>
                ))
              ) : (
                <span className="text-muted">{meeting ? 'Pinned on the map' : 'Not set'}</span>
              )}
            </IconFact>
            {goals.length > 0 && (
              <IconFact icon="trophy" term="Goals">
                <span className="font-medium">{goals.join(' · ')}</span>
                <span className="text-sm text-muted">Goals to reach together</span>
              </IconFact>
            )}
          </dl>
          {v.meetingDescription.trim() && <p className="break-words whitespace-pre-line">{v.meetingDescription.trim()}</p>}
          {fit && (
            <MapView
              ariaLabel="Map of the meeting point and route"
              className="h-56 w-full rounded-xl border border-line sm:h-72"
              interactive={false}
              fitTo={fit}
              {...(points.length >= 2 ? { route: points } : {})}
              markers={meeting ? [{ id: 'meeting', position: meeting, label: 'Meeting point', kind: 'meeting' }] : []}
            />
          )}
          {v.route && points.length > 0 && <RouteFigures route={v.route} />}
          {/* What only the organiser sees here: the settings behind the page. */}
          <dl className="grid gap-4 rounded-xl bg-surface-2 p-4 text-sm sm:grid-cols-3">
            <Setting term="Who can see it">
              {WHO_CAN_SEE_TEXT[v.whoCanSee].label}
              <span className="block text-xs text-muted">{WHO_CAN_SEE_TEXT[v.whoCanSee].detail}</span>
            </Setting>
            <Setting term="Capacity">{capacity === null ? 'No limit' : `${capacity.toLocaleString('en')} ${capacity === 1 ? 'place' : 'places'}, then a waitlist`}</Setting>
            <Setting term="Co-hosts">
              {v.coHosts.length === 0 ? (
                'None'
              ) : (
                <span className="flex flex-col gap-2">
                  {v.coHosts.map((m) => (
                    <span key={m.userId} className="flex min-w-0 items-center gap-2">
                      <Avatar src={m.profileImage} name={displayName(m)} size="sm" />
                      <span className="truncate">{displayName(m)}</span>
                      {!existing?.coHosts.some((c) => c.userId === m.userId) && <span className="shrink-0 text-xs text-muted">invited</span>}
                    </span>
                  ))}
                </span>
              )}
            </Setting>
          </dl>
        </div>
      </article>

      {event && (
        <section aria-labelledby="event-preview-card" className="flex flex-col gap-2">
          <h3 id="event-preview-card" className="text-sm font-semibold text-muted">
            In the events list
          </h3>
          {/* Inert: the card's links and buttons lead nowhere until the event is saved. */}
          <div inert className="max-w-sm">
            <EventCard event={event} />
          </div>
        </section>
      )}
    </div>
  );
}

function Setting({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
