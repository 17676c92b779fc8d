import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { EventProgress as Progress } from '#contract/activities';
import type { Event } from '#contract/events';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { displayName } from '../../../lib/display-name';
import { formatCount } from '../../../lib/format-count';
import { numberFormat } from '../../../lib/intl-format';
import { formatDistance, formatElevation, useUnits, type Units } from '../../../lib/units';
import { eventProgressQuery } from '../api';
import { instantOf } from '../event-format';

type Entry = Progress['list'][number];
type Goals = Progress['goals'];

/** An event worth showing progress for: one with goals to reach, or one under way or over (activities may count). */
export function hasProgress(event: Pick<Event, 'isDraft' | 'startDate' | 'goalDistance' | 'goalElevation' | 'goalCalories'>, now: Date) {
  if (event.isDraft) return false;
  return event.goalDistance !== null || event.goalElevation !== null || event.goalCalories !== null || instantOf(event.startDate) <= now;
}

const formatCalories = (kcal: number) => `${numberFormat('en', { maximumFractionDigits: 0 }).format(kcal)} cal`;

/** The three measures, each with its goal and how it reads in the member's units. */
function measures(entry: Entry, goals: Goals, units: Units) {
  return [
    { name: 'Distance', value: entry.distance, goal: goals.distance, text: (v: number) => formatDistance(v, units) },
    { name: 'Climb', value: entry.elevationGain, goal: goals.elevation, text: (v: number) => formatElevation(v, units) },
    { name: 'Calories', value: entry.calories, goal: goals.calories, text: formatCalories },
  ];
}

/**
 * Who is getting there (issue 21): each going member's distance, climb and calories from their activities in the
 * event's window that follow its route, as bars against the goals (each bar also says its numbers in words), who has
 * finished, and how many activities counted. Each member links to their profile.
 */
export function EventProgress({ event }: { event: Event }) {
  const headingId = useId();
  const units = useUnits();
  // A part of the page, not the page: its failure is told here, with a way to try again, rather than as a toast.
  const progress = useQuery({ ...eventProgressQuery(event.id), meta: { silent: true } });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-bold">
          Progress
        </h2>
        <p className="text-sm text-muted">
          Activities that people going log during the event{event.route ? ', following its route,' : ''} count toward its goals.
        </p>
      </div>
      {progress.isPending ? (
        <div className="flex justify-center py-6 text-brand">
          <Spinner label="Loading progress" />
        </div>
      ) : progress.isError ? (
        <LoadError what="Progress" error={progress.error} onRetry={() => void progress.refetch()} />
      ) : progress.data.list.length === 0 ? (
        <p className="text-sm text-muted">Nobody has logged an activity for this event yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {progress.data.list.map((entry) => (
            <MemberProgress key={entry.member.userId} entry={entry} goals={progress.data.goals} units={units} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberProgress({ entry, goals, units }: { entry: Entry; goals: Goals; units: Units }) {
  const name = displayName(entry.member);
  const count = entry.activityIds.length;
  const all = measures(entry, goals, units);
  const withGoals = all.filter((m) => m.goal !== null);
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0">
      <div className="flex items-center gap-3">
        <Link to="/profile/$username" params={{ username: entry.member.handleName }} className="group flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg">
          <Avatar src={entry.member.profileImage} name={name} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-semibold group-hover:underline">{name}</span>
            <span className="truncate text-sm text-muted">
              {formatCount(count)} {count === 1 ? 'activity' : 'activities'} counted
            </span>
          </span>
        </Link>
        {entry.finished && (
          <span className="flex shrink-0 items-center gap-1 rounded-full bg-success/15 px-2.5 py-1 text-sm font-semibold text-success">
            <Icon name="checkCircle" className="size-4" strokeWidth="2" />
            Finished
          </span>
        )}
      </div>
      {withGoals.length > 0 ? (
        <div className="flex flex-col gap-2">
          {withGoals.map((m) => (
            <GoalBar key={m.name} label={`${name}: ${m.name.toLowerCase()}`} name={m.name} value={m.value} goal={m.goal!} text={m.text} />
          ))}
        </div>
      ) : (
        <p className="text-sm">{all.map((m) => m.text(m.value)).join(' · ')}</p>
      )}
    </li>
  );
}

function GoalBar({ label, name, value, goal, text }: { label: string; name: string; value: number; goal: number; text(v: number): string }) {
  const percent = Math.min(100, Math.round((value / goal) * 100));
  const words = `${text(value)} of ${text(goal)}`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{name}</span>
        <span className="tabular-nums text-muted">{words}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${words} (${percent}%)`}
        className="h-2 overflow-hidden rounded-full bg-line"
      >
        <div className={percent >= 100 ? 'h-full rounded-full bg-success' : 'h-full rounded-full bg-brand'} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
