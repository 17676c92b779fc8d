import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { Activity } from '#contract/activities';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { SearchBox } from '../../../components/search-box';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDistance, useUnits } from '../../../lib/units';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCan } from '../../auth/use-can';
import { activityItemQuery, activityListQuery } from '../api';
import { formatActivityStart } from '../activity-start';
import { sportIcon } from '../activity-words';

/** The feed form's picker props (feeds/form/activity-picker-slot.ts has the same shape; the route checks they agree). */
type Props = {
  value: number | null;
  onChange(activityId: number | null): void;
  error?: string | undefined;
};

const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Link an activity" (spec §3 select-activity list): the member's activities, newest first, searchable by title; the
 * one chosen shows with its date, distance and sport, and can be changed or removed. The feed form gets it from the
 * signed-in frame, since the feeds area may not import this one.
 */
export function ActivityPicker({ value, onChange, error }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [browsing, setBrowsing] = useState(false);
  // "Link an activity" and "Change" take each other's place as the link comes and goes: focus follows to the one shown.
  const trigger = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  });
  const done = () => {
    refocus.current = true;
    setBrowsing(false);
  };
  const pick = (activity: Activity) => {
    // The list has it whole already: the chosen one shows at once, without asking again.
    queryClient.setQueryData(activityItemQuery(activity.id).queryKey, activity);
    onChange(activity.id);
    done();
  };
  const toggle = {
    ref: trigger,
    type: 'button' as const,
    'aria-expanded': browsing,
    'aria-controls': browsing ? `${id}-chooser` : undefined,
    onClick: () => setBrowsing((open) => !open),
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        Activity
      </span>
      {value === null ? (
        <button {...toggle} className={buttonClass('secondary', 'self-start')}>
          <Icon name="activities" className="size-5" strokeWidth="2" />
          Link an activity
        </button>
      ) : (
        <div className="flex flex-col gap-3 rounded-xl border border-line p-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <LinkedActivity activityId={value} />
          </div>
          <div className="flex shrink-0 gap-2">
            <button {...toggle} aria-label="Change the linked activity" className={buttonClass('secondary', undefined, 'sm')}>
              Change
            </button>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Remove the linked activity"
              onClick={() => {
                onChange(null);
                done();
              }}
            >
              Remove
            </Button>
          </div>
        </div>
      )}
      {browsing && <ActivityChooser id={`${id}-chooser`} current={value} onPick={pick} onClose={done} />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The activity linked: picked in this form, or the post's own when it is edited (asked for by id). */
function LinkedActivity({ activityId }: { activityId: number }) {
  const item = useQuery({ ...activityItemQuery(activityId), meta: { silent: true } });
  if (item.isPending) return <Spinner size="sm" label="Loading the linked activity" />;
  if (item.data) return <ActivityLine activity={item.data} />;
  return <p className="text-sm text-muted">{item.isError ? 'The linked activity could not be loaded.' : 'The linked activity is no longer available.'}</p>;
}

/** The member's activities to choose from, newest first, and a search by title. */
function ActivityChooser({ id, current, onPick, onClose }: { id: string; current: number | null; onPick(activity: Activity): void; onClose(): void }) {
  const mayRecord = useCan('record_activities');
  const [text, setText] = useState('');
  const title = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useInfiniteQuery({ ...activityListQuery({ title }), meta: { silent: true } });
  const activities = list.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div id={id} className="flex flex-col gap-3 rounded-xl border border-line p-3">
      <SearchBox value={text} onChange={setText} label="Search your activities by title" placeholder="Search your activities" />
      {list.isPending ? (
        <div className="flex justify-center py-4 text-brand">
          <Spinner label="Loading your activities" />
        </div>
      ) : list.isError && activities.length === 0 ? (
        <LoadError what="Your activities" error={list.error} onRetry={() => void list.refetch()} />
      ) : activities.length === 0 ? (
        title ? (
          <p className="py-2 text-sm text-muted">No activity of yours is called “{title}”.</p>
        ) : (
          <p className="py-2 text-sm text-muted">
            You have no activities yet.
            {mayRecord && (
              <>
                {' '}
                <Link to="/activities" className="font-semibold text-brand hover:underline">
                  Import or add one
                </Link>
                , then link it here.
              </>
            )}
          </p>
        )
      ) : (
        <div className="max-h-80 overflow-y-auto">
          <ul aria-label="Your activities" className="flex flex-col gap-1">
            {activities.map((activity) => (
              <li key={activity.id}>
                <button
                  type="button"
                  aria-pressed={activity.id === current}
                  onClick={() => onPick(activity)}
                  className={clsx('flex min-h-11 w-full rounded-lg px-2 py-2 text-left hover:bg-surface-2', activity.id === current && 'bg-surface-2')}
                >
                  <ActivityLine activity={activity} />
                </button>
              </li>
            ))}
          </ul>
          <LoadMore
            label="Load more activities"
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onMore={() => void list.fetchNextPage()}
          />
        </div>
      )}
      <Button variant="ghost" className="self-end" onClick={onClose}>
        Cancel
      </Button>
    </div>
  );
}

/** Title, then when, how far and which sport. */
function ActivityLine({ activity }: { activity: Activity }) {
  const units = useUnits();
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Icon name={sportIcon(activity.sportId)} className="size-6 shrink-0 text-muted" strokeWidth="1.75" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{activity.title}</span>
        <span className="text-sm text-muted">
          <time dateTime={activity.startDate}>{formatActivityStart(activity.startDate, activity.timeZone)}</time> · {formatDistance(activity.distance, units)} ·{' '}
          {sportName(activity.sportId)}
        </span>
      </span>
    </span>
  );
}
