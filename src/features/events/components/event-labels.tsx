import clsx from 'clsx';
import { Fragment, type ReactNode } from 'react';
import type { Event } from '#contract/events';
import { Icon, type IconName } from '../../../components/icons';
import { difficultyLabel, sportOf } from '../event-format';

const markClass = 'rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase';

/**
 * Draft, Cancelled and Requested (a follow request to the organiser waits, spec §4), above an event's name on its
 * card and its page. Nothing when none applies.
 */
export function EventMarks({ event }: { event: Pick<Event, 'isDraft' | 'cancelledAt' | 'isRequest'> }) {
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

/** What kind of outing it is, under the name: the sport with its mark, the activity type when given, the difficulty. */
export function SportLine({ event }: { event: Pick<Event, 'sportId' | 'activityType' | 'difficulty'> }) {
  // The form's preview may not have a sport yet: then the line starts at the activity.
  const sport = event.sportId ? sportOf(event.sportId) : null;
  const activity = event.activityType.trim();
  const parts = [
    sport && (
      <span className="flex items-center gap-1 font-medium text-fg">
        <Icon name={sport.icon} className="size-4 shrink-0" />
        {sport.name}
      </span>
    ),
    activity && <span>{activity}</span>,
    <span>{difficultyLabel(event.difficulty)}</span>,
  ].filter(Boolean);
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden="true">·</span>}
          {part}
        </Fragment>
      ))}
    </p>
  );
}

/**
 * One line of an event's facts (when, where, route, goals) in a `<dl>`: the icon stands for the term, which screen
 * readers hear. `md` on the event's page, `sm` on a card.
 */
export function IconFact({ icon, term, size = 'md', children }: { icon: IconName; term: string; size?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <div className={clsx('flex items-start', size === 'md' ? 'gap-3' : 'gap-2')}>
      <dt className="mt-0.5 shrink-0 text-muted">
        <Icon name={icon} className={size === 'md' ? 'size-5' : 'size-4'} />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="flex min-w-0 flex-col break-words">{children}</dd>
    </div>
  );
}
