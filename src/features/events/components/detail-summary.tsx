import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { Event } from '#contract/events';
import { useUnits } from '../../../lib/units';
import { ReactionBar } from '../../reactions/components/reaction-bar';
import { useNow } from '../../../lib/use-now';
import { formatCount } from '../../../lib/format-count';
import { addressLines, formatEventWhen, formatGoals, formatInReaderZone, instantOf } from '../event-format';
import { eventReactions } from '../event-reactions';
import { CohostInvitePrompt } from './cohost-invite';
import { DetailActions } from './detail-actions';
import { DraftPublish } from './draft-publish';
import { EventBanner } from './event-banner';
import { EventMarks, IconFact, SportLine } from './event-labels';
import { StatusButtons } from './status-buttons';
import { Icon } from '../../../components/icons';

/**
 * The top of an event's page: banner (its space kept from `dimens`, so nothing jumps as it loads), Draft and
 * Cancelled marks, name, sport, activity and difficulty; when (in the event's own zone, named), where, goals and the
 * description as plain text; then the viewer's invitation to co-host it, Interested / Going (Publish on a draft its
 * hosts see), the actions and the reactions. `onLeave` takes the page elsewhere when the viewer may no longer see it.
 */
export function DetailSummary({ event, menu, onLeave }: { event: Event; menu: ReactNode; onLeave?: () => Promise<unknown> }) {
  const headingId = useId();
  const now = useNow();
  const units = useUnits();
  const readerTime = formatInReaderZone(event);
  const address = addressLines(event);
  const goals = formatGoals(event, units);

  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden border-line bg-surface sm:rounded-2xl sm:border">
      <EventBanner event={event} size="page" />

      <div className="flex flex-col gap-4 p-4">
        <header className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <EventMarks event={event} />
            <h1 id={headingId} className="text-2xl leading-tight font-bold break-words">
              {event.eventName}
            </h1>
            <SportLine event={event} />
          </div>
          <div className="-mt-1 -mr-2 shrink-0">{menu}</div>
        </header>

        <dl className="flex flex-col gap-3">
          <IconFact icon="events" term="When">
            <time dateTime={instantOf(event.startDate).toISOString()} className="font-medium">
              {formatEventWhen(event, now)}
            </time>
            <span className="text-sm text-muted">
              Times are in {event.timeZone.replaceAll('_', ' ')}
              {readerTime && `; that’s ${readerTime} for you`}.{event.repeats !== 'none' && ` Repeats ${event.repeats}.`}
            </span>
          </IconFact>
          {address.length > 0 && (
            <IconFact icon="pin" term="Where">
              {address.map((line, i) => (
                <span key={i} className={i === 0 ? 'font-medium break-words' : 'text-sm text-muted break-words'}>
                  {line}
                </span>
              ))}
            </IconFact>
          )}
          {goals.length > 0 && (
            <IconFact icon="trophy" term="Goals">
              <span className="font-medium">{goals.join(' · ')}</span>
              {/* The trophy alone did not say these are goals, not the route's own figures. */}
              <span className="text-sm text-muted">Goals to reach together</span>
            </IconFact>
          )}
        </dl>

        {event.meetingDescription && <p className="break-words whitespace-pre-line">{event.meetingDescription}</p>}

        {event.cancelledAt && (
          <p role="note" className="rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
            The organiser cancelled this event.
          </p>
        )}
        {event.coHostInvite && <CohostInvitePrompt event={event} onGone={onLeave} />}
        {!event.cancelledAt && (event.isDraft && event.canEdit ? <DraftPublish event={event} /> : <StatusButtons event={event} now={now} />)}
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
            <Icon name="comment" className="size-5" strokeWidth="2" />
            <span className="tabular-nums">{formatCount(event.commentCount)}</span>
          </Link>
        )}
      </footer>
    </article>
  );
}
