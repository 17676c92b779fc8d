import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { activityListQuery, type ActivityFilters } from '../api';
import { activityCount } from '../activity-words';
import { ActivityCard } from './activity-card';

type Props = {
  filters: ActivityFilters;
  /** Accessible name of the list, e.g. "Your activities". */
  label: string;
  /** The viewer owns these activities (their hidden parts are described to them as hidden from others). */
  own: boolean;
  /** What an empty list says: written for the filters that are on. */
  empty: ReactNode;
};

/**
 * A log's activities, newest first, 20 a page: the next page comes as the end scrolls into view, or with the button.
 * Not virtualised: a card is a short row and a member scrolls through tens of them at a time. While other filters
 * load, the last list stays, dimmed.
 */
export function ActivityList({ filters, label, own, empty }: Props) {
  const { data, error, isPending, isFetching, isPlaceholderData, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = useInfiniteQuery({
    ...activityListQuery(filters),
    meta: { silent: true },
  });
  const activities = data?.pages.flatMap((p) => p.list) ?? [];
  const total = data?.pages[0]?.total ?? activities.length;

  if (isPending) return <Spinner label="Loading activities" />;
  if (error && activities.length === 0) return <LoadError what="Activities" error={error} onRetry={() => void refetch()} />;

  const searching = isFetching && isPlaceholderData;
  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only" role="status" aria-live="polite">
        {searching ? 'Loading activities' : activityCount(total)}
      </p>
      {activities.length === 0 ? (
        empty
      ) : (
        <ul aria-label={label} aria-busy={searching || isFetchingNextPage} className={clsx('flex flex-col gap-3 transition-opacity', searching && 'opacity-60')}>
          {activities.map((activity) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} own={own} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        label="Show more activities"
        hasMore={Boolean(hasNextPage)}
        loading={isFetchingNextPage}
        failed={isFetchNextPageError}
        onMore={() => void fetchNextPage()}
        end={activities.length > 0 ? 'That’s every activity.' : undefined}
      />
    </div>
  );
}
