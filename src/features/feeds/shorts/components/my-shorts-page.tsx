import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { FEED_VISIBILITY_LABELS, type Feed, type FeedList } from '#contract/feeds';
import { Icon } from '../../../../components/icons';
import { LoadError } from '../../../../components/load-error';
import { LoadMore } from '../../../../components/load-more';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import type { Pages } from '../../../../lib/paging';
import { useCan } from '../../../auth/use-can';
import { ShortFormDialog } from '../form/short-form-dialog';
import { feedListQuery } from '../../api';
import { DeleteFeedDialog } from '../../components/delete-feed-dialog';

/** How often the list is asked again while a short's video is processing, so its card moves on by itself. */
const PROCESSING_POLL_MS = 3000;

/**
 * Where a short stands for its author, most pressing first: its video failed; published, waiting for the video
 * ("Publishes when ready"); a draft whose video is processing; a draft; published.
 */
type ShortState = { step: 'failed'; failure: string } | { step: 'waiting' } | { step: 'processing' } | { step: 'draft' } | { step: 'published' };

function stateOf(short: Feed): ShortState {
  const video = short.videos[0];
  if (video?.status === 'failed') return { step: 'failed', failure: video.failure ?? 'The video could not be processed.' };
  if (!short.isDraft && short.publishedAt === null) return { step: 'waiting' };
  if (video?.status === 'processing') return { step: 'processing' };
  if (short.isDraft) return { step: 'draft' };
  return { step: 'published' };
}

const isProcessing = (short: Feed) => short.videos[0]?.status === 'processing';
const anyProcessing = (data: Pages<FeedList> | undefined) => data?.pages.some((page) => page.list.some(isProcessing)) ?? false;

/** What the form is open on: a new short, or one of the list's. */
type Editing = { short: Feed | undefined };

/**
 * `/profile/shorts`: the member's own shorts, drafts included, as a grid of cards with where each stands. Each is
 * edited in the short form or deleted after a question; a failed one offers another video. While any video is
 * processing the list is asked again every few seconds, so cards move from processing to ready on their own.
 */
export function MyShortsPage() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Feed | null>(null);
  // An associate not allowed to post shorts (issue 25) may still see and delete theirs, not post or edit one.
  const mayPost = useCan('post_shorts');
  const { data, error, isPending, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useInfiniteQuery({
    ...feedListQuery({ filter_type: 'mine' }, 'short'),
    refetchInterval: (query) => (anyProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
  const shorts = data?.pages.flatMap((page) => page.list) ?? [];
  const create = mayPost ? () => setEditing({ short: undefined }) : undefined;

  let body;
  if (isPending) body = <Spinner label="Loading your shorts" />;
  else if (error && shorts.length === 0) body = <LoadError what="Your shorts" error={error} onRetry={() => void refetch()} />;
  else if (shorts.length === 0) body = <EmptyShorts onCreate={create} />;
  else {
    body = (
      <>
        <ul aria-label="Your shorts" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {shorts.map((short) => (
            <ShortCard key={short.id} short={short} onEdit={mayPost ? () => setEditing({ short }) : undefined} onDelete={() => setDeleting(short)} />
          ))}
        </ul>
        <LoadMore
          label="Show more shorts"
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          failed={isFetchNextPageError}
          onMore={() => void fetchNextPage()}
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 pb-8 sm:px-0">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold">Your shorts</h1>
          <p className="text-sm text-muted">Your short videos, drafts included. Only you see your drafts.</p>
        </div>
        {create && (
          <Button onClick={create}>
            <Icon name="plus" className="size-5" strokeWidth="2" />
            New short
          </Button>
        )}
      </header>
      {body}
      <ShortFormDialog open={editing !== null} short={editing?.short} onClose={() => setEditing(null)} />
      {deleting && <DeleteFeedDialog kind="short" feedId={deleting.id} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function EmptyShorts({ onCreate }: { onCreate: (() => void) | undefined }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <Icon name="shorts" className="mb-1 size-12 text-brand" />
      <p className="text-lg font-semibold">No shorts yet</p>
      <p className="max-w-sm text-sm text-muted">Film a minute of your climb, a descent or the view from the top, and share it upright.</p>
      {onCreate && (
        <Button className="mt-3" onClick={onCreate}>
          Post your first short
        </Button>
      )}
    </div>
  );
}

const badgeClass = 'self-start rounded-full px-2.5 py-0.5 text-xs font-semibold';

function StateBadge({ short, state }: { short: Feed; state: ShortState }) {
  switch (state.step) {
    case 'failed':
      return <p className={clsx(badgeClass, 'bg-danger text-on-danger')}>Failed: {state.failure}</p>;
    case 'waiting':
      return <p className={clsx(badgeClass, 'bg-surface-2')}>Publishes when ready</p>;
    case 'processing':
      return <p className={clsx(badgeClass, 'bg-surface-2')}>Processing</p>;
    case 'draft':
      return <p className={clsx(badgeClass, 'bg-surface-2')}>Draft</p>;
    case 'published':
      return <p className={clsx(badgeClass, 'bg-brand text-on-brand')}>Published · {FEED_VISIBILITY_LABELS[short.visibility]}</p>;
  }
}

/**
 * One short: its poster (or a placeholder while there is none), title and state, then its actions. A published short
 * whose video is ready opens on its own page: the title is the link, stretched over the card, the buttons above it.
 */
function ShortCard({ short, onEdit, onDelete }: { short: Feed; onEdit: (() => void) | undefined; onDelete(): void }) {
  const titleId = useId();
  const state = stateOf(short);
  const video = short.videos[0];
  const title = short.title || 'Untitled short';
  const linked = state.step === 'published' && video?.status === 'ready';
  return (
    <li>
      <article aria-labelledby={titleId} className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface">
        <div className="relative aspect-[9/16] bg-surface-2">
          {video?.status === 'ready' && video.thumbnail ? (
            <img src={video.thumbnail} alt={video.altText} className="size-full object-cover" loading="lazy" />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-xs text-muted">
              {video?.status === 'processing' ? (
                <>
                  <Spinner size="sm" />
                  Processing video…
                </>
              ) : (
                <Icon name="shorts" className={clsx('size-8', video?.status === 'failed' && 'text-danger')} />
              )}
            </div>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3">
          <h2 id={titleId} className="line-clamp-2 text-sm font-semibold break-words">
            {linked ? (
              <Link to="/shorts/$feedId" params={{ feedId: String(short.id) }} className="after:absolute after:inset-0 hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </h2>
          <StateBadge short={short} state={state} />
          <div className="relative z-10 mt-auto flex flex-wrap gap-1">
            {onEdit && (
              <Button variant="secondary" size="xs" onClick={onEdit}>
                {state.step === 'failed' ? 'Choose another video' : 'Edit'}{' '}
                <span className="sr-only">{state.step === 'failed' ? `for ${title}` : title}</span>
              </Button>
            )}
            <Button variant="ghost" size="xs" onClick={onDelete}>
              Delete{' '}
              <span className="sr-only">{title}</span>
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}
