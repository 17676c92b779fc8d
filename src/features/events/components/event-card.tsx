import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId } from 'react';
import { GOING_PREVIEW_MAX, type Event } from '#contract/events';
import { Avatar } from '../../../components/avatar';
import { useUnits } from '../../../lib/units';
import { displayName } from '../../../lib/display-name';
import { useNow } from '../../../lib/use-now';
import { formatCount } from '../../../lib/format-count';
import { formatElevationGain, formatEventWhen, formatInReaderZone, formatPlace, formatRouteDistance, instantOf } from '../event-format';
import { EventBanner } from './event-banner';
import { EventMarks, IconFact, SportLine } from './event-labels';
import { StatusButtons } from './status-buttons';

/**
 * One event in a list, linking to its page: banner (or the sport's colour with the event's icon), name, sport,
 * difficulty, when (in the event's own zone), where, the route's length and climb with its preview, who is going,
 * marks for drafts, cancelled events and pending follow requests, and the Interested / Going buttons.
 */
export function EventCard({ event }: { event: Event }) {
  const headingId = useId();
  const now = useNow();
  const units = useUnits();
  const place = formatPlace(event);
  const readerTime = formatInReaderZone(event);

  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface">
      <Link to="/events/$eventId" params={{ eventId: String(event.id) }} tabIndex={-1} aria-hidden="true" className="block">
        <EventBanner event={event} />
      </Link>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <EventMarks event={event} />
          <h2 id={headingId} className="text-lg leading-snug font-bold break-words">
            <Link to="/events/$eventId" params={{ eventId: String(event.id) }} className="hover:underline">
              {event.eventName}
            </Link>
          </h2>
          <SportLine event={event} />
        </div>

        <dl className="flex flex-col gap-1.5 text-sm">
          <IconFact icon="events" term="When" size="sm">
            <time dateTime={instantOf(event.startDate).toISOString()} title={readerTime ? `Your time: ${readerTime}` : undefined}>
              {formatEventWhen(event, now)}
            </time>
          </IconFact>
          {place && (
            <IconFact icon="pin" term="Where" size="sm">
              {place}
            </IconFact>
          )}
          {event.route && (
            <IconFact icon="activities" term="Route" size="sm">
              <span>
                {formatRouteDistance(event.route, units)}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                {formatElevationGain(event.route, units)}
              </span>
            </IconFact>
          )}
        </dl>

        {event.route?.staticImage && (
          <img
            src={event.route.staticImage}
            alt={`Map of the route, ${formatRouteDistance(event.route, units)}`}
            loading="lazy"
            decoding="async"
            className="aspect-[2/1] w-full rounded-xl border border-line bg-surface-2 object-cover dark:brightness-75"
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
