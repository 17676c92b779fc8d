import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId } from 'react';
import { GOING_PREVIEW_MAX, type Event } from '#contract/events';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';
import { buttonClass } from '../../../components/ui/button';
import { useUnits } from '../../../lib/units';
import { displayName } from '../../feeds/mappers';
import { useNow } from '../../notifications/use-now';
import { formatCount } from '../../profile/format';
import {
  bannerRatio,
  difficultyLabel,
  formatElevationGain,
  formatEventWhen,
  formatInReaderZone,
  formatPlace,
  formatRouteDistance,
  instantOf,
  isPast,
  sportOf,
} from '../event-format';
import { isFull, useGoingToggle, useInterestedToggle } from '../status-toggle';

/**
 * One event in a list, linking to its page: banner (or the sport's colour with the event's icon), name, sport,
 * difficulty, when (in the event's own zone), where, the route's length and climb with its preview, who is going,
 * marks for drafts, cancelled events and pending follow requests, and the Interested / Going buttons.
 */
export function EventCard({ event }: { event: Event }) {
  const headingId = useId();
  const now = useNow();
  const units = useUnits();
  const sport = sportOf(event.sportId);
  const place = formatPlace(event);
  const readerTime = formatInReaderZone(event);

  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col overflow-hidden border-line bg-surface sm:rounded-2xl sm:border">
      <Link to="/events/$eventId" params={{ eventId: String(event.id) }} tabIndex={-1} aria-hidden="true" className="block">
        <Banner event={event} colour={sport.colour} />
      </Link>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <Marks event={event} />
          <h2 id={headingId} className="text-lg leading-snug font-bold break-words">
            <Link to="/events/$eventId" params={{ eventId: String(event.id) }} className="hover:underline">
              {event.eventName}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
            <span className="flex items-center gap-1 font-medium text-fg">
              <Icon name={sport.icon} className="size-4 shrink-0" />
              {sport.name}
            </span>
            {event.activityType && (
              <>
                <span aria-hidden="true">·</span>
                <span>{event.activityType}</span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{difficultyLabel(event.difficulty)}</span>
          </p>
        </div>

        <dl className="flex flex-col gap-1.5 text-sm">
          <div className="flex items-start gap-2">
            <dt className="mt-0.5 shrink-0 text-muted">
              <Icon name="events" className="size-4" />
              <span className="sr-only">When</span>
            </dt>
            <dd>
              <time dateTime={instantOf(event.startDate).toISOString()} title={readerTime ? `Your time: ${readerTime}` : undefined}>
                {formatEventWhen(event, now)}
              </time>
            </dd>
          </div>
          {place && (
            <div className="flex items-start gap-2">
              <dt className="mt-0.5 shrink-0 text-muted">
                <Icon name="pin" className="size-4" />
                <span className="sr-only">Where</span>
              </dt>
              <dd className="min-w-0 break-words">{place}</dd>
            </div>
          )}
          {event.route && (
            <div className="flex items-start gap-2">
              <dt className="mt-0.5 shrink-0 text-muted">
                <Icon name="activities" className="size-4" />
                <span className="sr-only">Route</span>
              </dt>
              <dd>
                {formatRouteDistance(event.route, units)}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                {formatElevationGain(event.route, units)}
              </dd>
            </div>
          )}
        </dl>

        {event.route?.staticImage && (
          <img
            src={event.route.staticImage}
            alt={`Map of the route, ${formatRouteDistance(event.route, units)}`}
            loading="lazy"
            decoding="async"
            className="aspect-[2/1] w-full rounded-xl border border-line bg-surface-2 object-cover"
          />
        )}

        <People event={event} />

        <div className="mt-auto">
          <StatusButtons event={event} now={now} />
        </div>
      </div>
    </article>
  );
}

/** The banner in its own shape (space reserved from `dimens`), or the sport's colour with the event's icon. */
function Banner({ event, colour }: { event: Event; colour: string }) {
  if (event.bannerImage) {
    return (
      <div className="overflow-hidden bg-surface-2" style={{ aspectRatio: bannerRatio(event.bannerImage.dimens) }}>
        <img src={event.bannerImage.url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      </div>
    );
  }
  return (
    <div className={clsx('flex h-28 items-center justify-center text-white', colour)}>
      <Icon name={event.icon} className="size-14 opacity-90" strokeWidth="1.5" />
    </div>
  );
}

const markClass = 'rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase';

/** Draft, Cancelled and Requested (a follow request to the organiser waits, spec §4), above the name. */
function Marks({ event }: { event: Event }) {
  if (!event.isDraft && !event.cancelledAt && !event.isRequest) return null;
  return (
    <p className="flex flex-wrap gap-1.5">
      {event.cancelledAt && <span className={clsx(markClass, 'bg-danger text-on-danger')}>Cancelled</span>}
      {event.isDraft && <span className={clsx(markClass, 'bg-surface-3 text-fg')}>Draft</span>}
      {event.isRequest && (
        <span className={clsx(markClass, 'bg-surface-3 text-fg')} title="Your follow request to the organiser is waiting">
          Requested
        </span>
      )}
    </p>
  );
}

/** Who is going: up to five faces, the count, places left or the waitlist, and how many are interested. */
function People({ event }: { event: Event }) {
  const { status } = event;
  const shown = event.goingPreview.slice(0, GOING_PREVIEW_MAX);
  const names = shown.map(displayName);
  const left = status.capacity === null ? null : Math.max(0, status.capacity - status.goingCount);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {shown.length > 0 && (
        <span className="flex -space-x-2" aria-hidden="true">
          {shown.map((m) => (
            <span key={m.userId} className="rounded-full ring-2 ring-surface">
              <Avatar src={m.profileImage} name={displayName(m)} size="sm" />
            </span>
          ))}
        </span>
      )}
      <span>
        <span className="font-semibold tabular-nums">{formatCount(status.goingCount)}</span> going
        {names.length > 0 && <span className="sr-only">, including {names.join(', ')}</span>}
      </span>
      {status.interestedCount > 0 && (
        <span className="text-muted">
          <span className="tabular-nums">{formatCount(status.interestedCount)}</span> interested
        </span>
      )}
      {left !== null && (
        <span className={clsx('font-medium', left === 0 ? 'text-danger' : 'text-success')}>
          {left === 0 ? 'Full — waitlist' : `${formatCount(left)} ${left === 1 ? 'spot' : 'spots'} left`}
        </span>
      )}
    </div>
  );
}

/** Why the buttons are off, if they are: a draft, a cancelled event or one that is over takes no one. */
function closedReason(event: Event, now: Date): string | null {
  if (event.cancelledAt) return 'Cancelled by the organiser.';
  if (event.isDraft) return 'A draft: publish it to let people join.';
  if (isPast(event, now)) return 'This event has ended.';
  return null;
}

/** What the Going button says: Going (pressed), On waitlist #n (pressed), or Join waitlist when every place is taken. */
export function goingLabel(status: Event['status']): string {
  if (status.isGoing) return 'Going';
  if (status.isWaitlisted) return status.waitlistPosition === null ? 'On waitlist' : `On waitlist #${status.waitlistPosition}`;
  return isFull(status) ? 'Join waitlist' : 'Going';
}

/**
 * Interested and Going (toggle buttons: `aria-pressed` says whether they are on). Each click shows at once and
 * settles on the server's answer; the event's name is part of each button's name, so a list of them reads apart.
 */
export function StatusButtons({ event, now }: { event: Event; now: Date }) {
  const toggleInterested = useInterestedToggle();
  const toggleGoing = useGoingToggle();
  const reasonId = useId();
  const { status } = event;
  const reason = closedReason(event, now);
  const inGoing = status.isGoing || status.isWaitlisted;
  const going = goingLabel(status);

  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          aria-pressed={status.isInterested}
          aria-label={`Interested in ${event.eventName}`}
          aria-describedby={reason ? reasonId : undefined}
          disabled={reason !== null}
          onClick={() => void toggleInterested(event)}
          className={clsx(buttonClass(status.isInterested ? 'primary' : 'secondary'), 'px-3')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill={status.isInterested ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
            <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
          </svg>
          Interested
        </button>
        <button
          type="button"
          aria-pressed={inGoing}
          aria-label={`${going}: ${event.eventName}`}
          aria-describedby={reason ? reasonId : undefined}
          disabled={reason !== null}
          onClick={() => void toggleGoing(event)}
          className={clsx(buttonClass(inGoing ? 'primary' : 'secondary'), 'px-3')}
        >
          {status.isGoing && (
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          )}
          {going}
        </button>
      </div>
      {reason && (
        <p id={reasonId} className="text-sm text-muted">
          {reason}
        </p>
      )}
    </div>
  );
}
