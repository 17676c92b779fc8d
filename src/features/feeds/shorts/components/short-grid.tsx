import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Feed } from '#contract/feeds';
import { LoadError } from '../../../../components/load-error';
import { LoadMore } from '../../../../components/load-more';
import { Spinner } from '../../../../components/ui/spinner';
import { formatCount } from '../../../../lib/format-count';
import { feedListQuery, type FeedFilters } from '../../api';

/**
 * Shorts as a grid of posters, newest first (a profile's Shorts tab): each opens the player at it. One still coming
 * out (a draft, a video processing) is its author's to manage on `/profile/shorts`.
 */
export function ShortGrid({ filters, label, empty }: { filters: FeedFilters; label: string; empty: ReactNode }) {
  const list = useInfiniteQuery(feedListQuery(filters, 'short'));
  if (list.isPending) return <Spinner label="Loading shorts" />;
  if (list.isError) return <LoadError what="Shorts" error={list.error} onRetry={() => void list.refetch()} />;
  const shorts = list.data.pages.flatMap((p) => p.list);
  if (shorts.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="grid grid-cols-3 gap-1 sm:gap-2">
        {shorts.map((short) => (
          <li key={short.id}>
            <Poster short={short} />
          </li>
        ))}
      </ul>
      <LoadMore label="Load more shorts" hasMore={list.hasNextPage} loading={list.isFetchingNextPage} failed={list.isFetchNextPageError} onMore={() => void list.fetchNextPage()} />
    </div>
  );
}

function Poster({ short }: { short: Feed }) {
  const video = short.videos[0];
  const out = short.publishedAt !== null;
  const name = short.title || 'Untitled short';
  const body = (
    <>
      {video?.thumbnail ? (
        <img src={video.thumbnail} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center bg-surface-3 p-2 text-center text-xs text-muted">{video?.status === 'failed' ? 'Failed' : 'Processing'}</span>
      )}
      <span className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-gradient-to-t from-black/70 to-transparent px-2 pt-6 pb-1.5 text-xs font-semibold text-white">
        <span className="truncate">{out ? name : short.isDraft ? 'Draft' : 'Publishes when ready'}</span>
        {out && <span aria-label={`${short.likes.total} reactions`}>❤️ {formatCount(short.likes.total)}</span>}
      </span>
    </>
  );
  const frame = 'relative block aspect-[9/16] overflow-hidden rounded-lg bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
  return out ? (
    <Link to="/shorts/$feedId" params={{ feedId: String(short.id) }} aria-label={name} className={frame}>
      {body}
    </Link>
  ) : (
    <Link to="/profile/shorts" aria-label={`${name}: ${short.isDraft ? 'draft' : 'publishes when its video is ready'}`} className={frame}>
      {body}
    </Link>
  );
}
