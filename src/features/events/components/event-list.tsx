import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useDeferredValue, type ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { eventListQuery, type EventFilters } from '../api';
import { EventCard } from './event-card';

type Props = {
  filters: EventFilters;
  /** Accessible name of the list, e.g. "Upcoming events". */
  label: string;
  /** What an empty list says: written for the tab that is on. */
  empty: ReactNode;
};

const CARDS_AT_ONCE = 6;

/**
 * Events as an infinite list of cards, 20 a page: the next page comes as the end scrolls into view, or with the
 * button. Not virtualised: the cards are tall, so a page is few rows, and a member scrolls through tens of events,
 * not the thousand posts of a feed. While other filters load, the last list stays, dimmed.
 */
export function EventList({ filters, label, empty }: Props) {
  const { data, error, isPending, isFetching, isPlaceholderData, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    useInfiniteQuery(eventListQuery(filters));
  const events = data?.pages.flatMap((p) => p.list) ?? [];
  const total = data?.pages[0]?.total ?? events.length;
  // The first cards are drawn at once; the rest of a page that just came follow at low priority, in slices between
  // frames (a page of 20 cards drawn in one go held the thread ~100 ms at 4x CPU: check P7). Only how many are drawn
  // lags: the cards read the live events, so Going / Interested still shows at once.
  const caughtUp = useDeferredValue(events.length, Math.min(events.length, CARDS_AT_ONCE));
  const drawn = Math.max(Math.min(events.length, CARDS_AT_ONCE), caughtUp);

  if (isPending) return <EventSkeleton />;
  if (error && events.length === 0) return <LoadError what="Events" error={error} onRetry={() => void refetch()} />;

  const searching = isFetching && isPlaceholderData;
  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only" role="status" aria-live="polite">
        {searching ? 'Loading events' : `${total} ${total === 1 ? 'event' : 'events'}`}
      </p>
      {events.length === 0 ? (
        empty
      ) : (
        // items-start: a card without a route is as tall as what it holds, not stretched to its neighbour's map.
        <ul aria-label={label} aria-busy={searching || isFetchingNextPage} className={clsx('grid items-start gap-4 transition-opacity md:grid-cols-2', searching && 'opacity-60')}>
          {events.slice(0, drawn).map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        label="Show more events"
        hasMore={Boolean(hasNextPage)}
        loading={isFetchingNextPage}
        failed={isFetchNextPageError}
        onMore={() => void fetchNextPage()}
        end={events.length > 0 ? 'That’s every event.' : undefined}
      />
    </div>
  );
}

/** Grey cards in the shape of events while the first page loads. */
function EventSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Spinner label="Loading events" />
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i} aria-hidden="true" className="flex animate-pulse flex-col gap-3 overflow-hidden rounded-2xl border border-line bg-surface pb-4">
            <span className="h-28 bg-surface-2" />
            <span className="mx-4 h-4 w-2/3 rounded bg-surface-2" />
            <span className="mx-4 h-3 w-1/2 rounded bg-surface-2" />
            <span className="mx-4 h-3 w-1/3 rounded bg-surface-2" />
            <span className="mx-4 h-11 rounded-lg bg-surface-2" />
          </div>
        ))}
      </div>
    </div>
  );
}
