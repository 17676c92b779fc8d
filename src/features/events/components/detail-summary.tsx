import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import type { Event } from '#contract/events';
import { Icon, type IconName } from '../../../components/icons';
import { useUnits } from '../../../lib/units';
import { ReactionBar } from '../../feeds/components/reaction-bar';
import { useNow } from '../../notifications/use-now';
import { formatCount } from '../../profile/format';
import { bannerRatio, difficultyLabel, formatEventWhen, formatGoals, formatInReaderZone, instantOf, sportOf } from '../event-format';
import { eventReactions } from '../event-reactions';
import { DetailActions } from './detail-actions';
import { StatusButtons } from './event-card';

const markClass = 'rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase';

/** The whole address, as the organiser gave it: the place, then `city, state zip`, then the country. */
export function addressLines(event: Pick<Event, 'location' | 'city' | 'state' | 'zipCode' | 'country'>): string[] {
  const region = [event.state, event.zipCode].map((p) => p.trim()).filter(Boolean).join(' ');
  const town = [event.city.trim(), region].filter(Boolean).join(', ');
  return [event.location.trim(), town, event.country.trim()].filter(Boolean);
}

/**
 * The top of an event's page: banner (its space kept from `dimens`, so nothing jumps as it loads), Draft and
 * Cancelled marks, name, sport, activity and difficulty; when (in the event's own zone, named), where, goals and the
 * description as plain text; then Interested / Going, the actions and the reactions.
 */
export function DetailSummary({ event, menu }: { event: Event; menu: ReactNode }) {
  const headingId = useId();
  const now = useNow();
  const units = useUnits();
  const sport = sportOf(event.sportId);
  const readerTime = formatInReaderZone(event);
  const address = addressLines(event);
  const goals = formatGoals(event, units);

  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden border-line bg-surface sm:rounded-2xl sm:border">
      {event.bannerImage ? (
        <div className="overflow-hidden bg-surface-2" style={{ aspectRatio: bannerRatio(event.bannerImage.dimens) }}>
          <img src={event.bannerImage.url} alt="" className="size-full object-cover" />
        </div>
      ) : (
        <div className={clsx('flex h-28 items-center justify-center text-white sm:h-36', sport.colour)}>
          <Icon name={event.icon} className="size-16 opacity-90" strokeWidth="1.5" />
        </div>
      )}

      <div className="flex flex-col gap-4 p-4">
        <header className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            {(event.isDraft || event.cancelledAt) && (
              <p className="flex flex-wrap gap-1.5">
                {event.cancelledAt && <span className={clsx(markClass, 'bg-danger text-on-danger')}>Cancelled</span>}
                {event.isDraft && <span className={clsx(markClass, 'bg-surface-3 text-fg')}>Draft</span>}
              </p>
            )}
            <h1 id={headingId} className="text-2xl leading-tight font-bold break-words">
              {event.eventName}
            </h1>
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
          <div className="-mt-1 -mr-2 shrink-0">{menu}</div>
        </header>

        <dl className="flex flex-col gap-3">
          <Fact icon="events" term="When">
            <time dateTime={instantOf(event.startDate).toISOString()} className="font-medium">
              {formatEventWhen(event, now)}
            </time>
            <span className="text-sm text-muted">
              Times are in {event.timeZone.replaceAll('_', ' ')}
              {readerTime && `; that’s ${readerTime} for you`}.{event.repeats !== 'none' && ` Repeats ${event.repeats}.`}
            </span>
          </Fact>
          {address.length > 0 && (
            <Fact icon="pin" term="Where">
              {address.map((line, i) => (
                <span key={i} className={i === 0 ? 'font-medium break-words' : 'text-sm text-muted break-words'}>
                  {line}
                </span>
              ))}
            </Fact>
          )}
          {goals.length > 0 && (
            <Fact icon="trophy" term="Goals">
              <span className="font-medium">{goals.join(' · ')}</span>
            </Fact>
          )}
        </dl>

        {event.meetingDescription && <p className="break-words whitespace-pre-line">{event.meetingDescription}</p>}

        {event.cancelledAt && (
          <p role="note" className="rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
            The organiser cancelled this event.
          </p>
        )}
        {!event.cancelledAt && <StatusButtons event={event} now={now} />}
        <DetailActions event={event} />
      </div>

      <footer className="flex items-center justify-between gap-2 border-t border-line px-2 py-1 sm:px-3">
        <ReactionBar adapter={eventReactions} subject={event} />
        {!event.isDraft && (
          <Link
            to="/events/$eventId"
            params={{ eventId: String(event.id) }}
            hash="comments"
            aria-label={`${formatCount(event.commentCount)} ${event.commentCount === 1 ? 'comment' : 'comments'}`}
            className="flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <path d="M4 5h16v11H9l-5 4z" />
            </svg>
            <span className="tabular-nums">{formatCount(event.commentCount)}</span>
          </Link>
        )}
      </footer>
    </article>
  );
}

function Fact({ icon, term, children }: { icon: IconName; term: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <dt className="mt-0.5 shrink-0 text-muted">
        <Icon name={icon} className="size-5" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="flex min-w-0 flex-col">{children}</dd>
    </div>
  );
}
