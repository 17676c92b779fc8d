import { useInfiniteQuery } from '@tanstack/react-query';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { FEED_TOTAL_CAP, type Feed } from '#contract/feeds';
import { memo, useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { feedListQuery, type FeedFilters } from '../api';
import { FeedCard } from './feed-card';
import { estimateFeedCardHeight } from './feed-card-estimate';
import { LoadError } from '../../../components/load-error';

/** The list's width until it is measured (the main column's at desktop sizes). */
const DEFAULT_WIDTH_PX = 640;
/** Posts kept rendered beyond each edge of the window, so fast scrolling and Tab never land on a gap. */
const OVERSCAN = 4;
/** The next page is asked for while this many posts are still below the last one rendered. */
const PREFETCH_ROWS = 5;

type Props = {
  filters: FeedFilters;
  /** Accessible name of the list, e.g. "Posts from everyone". */
  label: string;
  /** What an empty list says: written for the filter that is on. */
  empty: ReactNode;
};

/**
 * A feed as a virtualized infinite list (P7): the window scrolls, only the posts near the viewport are in the DOM,
 * each row is measured as it renders (photos have their space reserved, so rows hardly move), and the next page
 * loads before the end comes into view. A "Show more posts" button does the same for keyboards and screen readers.
 * The rows are the ARIA feed pattern: `role=feed` of `article`s with their position and the total.
 */
export function FeedList({ filters, label, empty }: Props) {
  const { data, error, isPending, isFetching, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useInfiniteQuery(
    feedListQuery(filters),
  );
  const feeds = data?.pages.flatMap((p) => p.list) ?? [];
  // The size once every page is here; before, the server's count when it is below its cap, else unknown (ARIA's -1).
  const counted = data?.pages[0]?.total ?? feeds.length;
  const size = !hasNextPage ? feeds.length : counted < FEED_TOTAL_CAP ? Math.max(counted, feeds.length) : -1;
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [width, setWidth] = useState(DEFAULT_WIDTH_PX);

  const hasRows = feeds.length > 0;

  // Where the list starts on the page, kept true while what is above it (filters, a date range) grows or shrinks.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const box = list.getBoundingClientRect();
      const top = box.top + window.scrollY;
      setScrollMargin((old) => (Math.abs(top - old) > 1 ? top : old));
      if (box.width > 0) setWidth(box.width);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [hasRows]);

  const virtualizer = useWindowVirtualizer({
    count: feeds.length,
    estimateSize: (index) => estimateFeedCardHeight(feeds[index]!, width),
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => feeds[index]?.id ?? index,
    // A row measured at zero height has not been laid out (a hidden tab, jsdom): keep the estimate.
    measureElement: (element, entry, instance) => {
      const feed = feeds[Number(element.getAttribute('data-index'))];
      return measureElement(element, entry, instance) || (feed ? estimateFeedCardHeight(feed, width) : 0);
    },
  });
  // The rows as of the last frame React had time for: new posts coming into view are rendered at low priority, in
  // slices that let the browser scroll and paint in between, instead of one long task per scroll event (P7). The
  // overscan covers the frame or two they may lag behind a fast scroll.
  const rows = useDeferredValue(virtualizer.getVirtualItems());
  const lastRendered = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !error && lastRendered >= feeds.length - PREFETCH_ROWS) void fetchNextPage();
  }, [lastRendered, feeds.length, hasNextPage, isFetchingNextPage, error, fetchNextPage]);

  if (isPending) return <FeedSkeleton />;
  if (error && feeds.length === 0) {
    return (
      <LoadError what="The feed" error={error} onRetry={() => void refetch()} />
    );
  }

  const searching = isFetching && isPlaceholderData;
  // A deferred row may be from before a post was added or removed: its post by key, gone if it is gone.
  const shown = rows.flatMap((row) => {
    const feed = feeds[row.index]?.id === row.key ? feeds[row.index] : feeds.find((f) => f.id === row.key);
    return feed ? [{ row, feed }] : [];
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only" role="status" aria-live="polite">
        {searching ? 'Loading posts' : size < 0 ? `More than ${FEED_TOTAL_CAP} posts` : `${size} ${size === 1 ? 'post' : 'posts'}`}
      </p>
      {feeds.length === 0 ? (
        empty
      ) : (
        <div
          ref={listRef}
          // A feed must hold its articles: in the frame before the virtualizer has measured the list it renders no
          // row, and an empty `feed` is an ARIA error (axe: aria-required-children), so the role waits for the rows.
          role={shown.length > 0 ? 'feed' : undefined}
          aria-label={shown.length > 0 ? label : undefined}
          aria-busy={shown.length > 0 ? searching || isFetchingNextPage : undefined}
          className={clsx('relative transition-opacity', searching && 'opacity-60')}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {shown.map(({ row, feed }) => (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full pb-4"
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              <FeedRow feed={feed} index={row.index} setSize={size} />
            </div>
          ))}
        </div>
      )}
      {hasNextPage ? (
        <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()} className="self-center">
          Show more posts
        </Button>
      ) : (
        feeds.length > 0 && <p className="py-4 text-center text-sm text-muted">You’re all caught up.</p>
      )}
    </div>
  );
}

/**
 * A post in the list, drawn again only when the post or its place changes: while scrolling, the virtualizer renders
 * the list on every frame, and the posts already on screen must not be rebuilt each time.
 */
const FeedRow = memo(function FeedRow({ feed, index, setSize }: { feed: Feed; index: number; setSize: number }) {
  return <FeedCard feed={feed} position={{ index, setSize }} />;
});

/** Grey cards in the shape of posts while the first page loads. */
function FeedSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Spinner label="Loading posts" />
      {[0, 1].map((i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse flex-col gap-3 border-line bg-surface py-4 sm:rounded-2xl sm:border">
          <div className="flex items-center gap-3 px-4">
            <span className="size-10 rounded-full bg-surface-2" />
            <span className="flex flex-col gap-2">
              <span className="h-3 w-32 rounded bg-surface-2" />
              <span className="h-3 w-20 rounded bg-surface-2" />
            </span>
          </div>
          <span className="mx-4 h-3 w-3/4 rounded bg-surface-2" />
          <span className="aspect-[4/3] bg-surface-2 sm:mx-4 sm:rounded-xl" />
        </div>
      ))}
    </div>
  );
}
