import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { buttonClass } from '../../../components/ui/button';
import { useSession } from '../../auth/session-context';
import { useCan } from '../../auth/use-can';
import { useFeedFormActions } from '../form/feed-form-context';
import { useShareActivity } from '../form/use-share-activity';
import { filtersOf, isRangeValid } from '../feed-search';
import type { FeedSearch } from '../feed-search-params';
import { FeedFilters } from './feed-filters';
import { FeedList } from './feed-list';
import { Icon } from '../../../components/icons';

const LIST_LABELS = { all: 'Posts from everyone', following: 'Posts from people you follow', mine: 'Your posts' } as const;

/**
 * `/feeds`: the composer, the filters (whose posts, search, dates) and the feed itself, newest first, loading more as
 * the member scrolls. With `shareActivityId` the composer opens with that activity linked.
 */
export function FeedsPage({ search, shareActivityId }: { search: FeedSearch; shareActivityId?: number | undefined }) {
  const filter = search.filter ?? 'all';
  useShareActivity(shareActivityId);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 pb-8">
      <header className="flex flex-col gap-1 px-4 sm:px-0">
        <h1 className="text-2xl font-bold">Your feed</h1>
        <p className="text-sm text-muted">Rides, hikes and runs from the people on Switchback.</p>
      </header>
      <Composer />
      <FeedFilters search={search} />
      {!isRangeValid(search.from, search.to) && (
        <p role="alert" className="mx-4 rounded-lg bg-surface-2 p-3 text-sm sm:mx-0">
          The start date is after the end date, so the dates are not applied.
        </p>
      )}
      <FeedList filters={filtersOf(search)} label={LIST_LABELS[filter]} empty={<FeedEmpty search={search} />} />
    </div>
  );
}

/** "Share something": opens the feed form (spec §3) over the page; not offered to an associate not allowed to post. */
export function Composer() {
  const { user } = useSession();
  const mayPost = useCan('post');
  const { open } = useFeedFormActions();
  if (!user || !mayPost) return null;
  return (
    <div className="flex items-center gap-3 border-line bg-surface p-3 sm:rounded-2xl sm:border">
      <Avatar src={user.profileImage} name={`${user.firstName} ${user.lastName}`} />
      <button
        type="button"
        onClick={() => open()}
        className="flex min-h-11 flex-1 items-center rounded-full border border-line bg-surface-2 px-4 text-left text-sm text-muted hover:border-brand hover:text-fg"
      >
        Share something
      </button>
    </div>
  );
}

/** What an empty feed says, written for the filter that is on, with the one thing worth doing next. */
function FeedEmpty({ search }: { search: FeedSearch }) {
  const { open } = useFeedFormActions();
  const share = useCan('post') ? (
    <button type="button" className={buttonClass('primary')} onClick={() => open()}>
      Share something
    </button>
  ) : undefined;
  if (search.search || search.from || search.to) {
    return (
      <EmptyState
        title={search.search ? `Nothing matches “${search.search}”` : 'No posts in those dates'}
        hint="Try another word or hashtag, or widen the dates."
        action={
          <Link from="/feeds/" to="." search={{ filter: search.filter }} className={buttonClass('secondary')}>
            Clear search and dates
          </Link>
        }
      />
    );
  }
  if (search.filter === 'following') {
    return (
      <EmptyState
        title="Quiet trail so far"
        hint="Posts from people you follow show up here. Find riders, hikers and runners worth following."
        action={
          <Link to="/members" className={buttonClass('primary')}>
            Find people to follow
          </Link>
        }
      />
    );
  }
  if (search.filter === 'mine') return <EmptyState title="You haven’t posted yet" hint="Share a photo from your last ride, hike or run." action={share} />;
  return <EmptyState title="The feed is empty, for now" hint="Be the first to share where you went today." action={share} />;
}

export function EmptyState({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <div className="mx-4 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-12 text-center sm:mx-0">
      <Icon name="landscape" className="mb-1 size-12 text-brand" />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-sm text-sm text-muted">{hint}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
