import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState, type ReactNode } from 'react';
import type { Feed } from '#contract/feeds';
import { AddressSearchBox } from '../../../../components/search-box';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/icons';
import { LoadError } from '../../../../components/load-error';
import { PageSpinner } from '../../../../components/ui/spinner';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useCan } from '../../../auth/use-can';
import { feedListQuery } from '../../api';
import { EmptyState } from '../../components/feeds-page';
import { ShortFormDialog } from '../form/short-form-dialog';
import { ShortsPlayer } from './shorts-player';

type Props = {
  /** Text or one `#tag`, as on the feed: the shorts have the same search, in their own player. */
  search: string;
  /** A deep link's short, played first (`/shorts/$feedId`). */
  first?: Feed | undefined;
  /** The author's follow button (the social area's, given by the route). */
  followButton?: ((author: Feed['author']) => ReactNode) | undefined;
};

/**
 * `/shorts` and `/shorts/$feedId`: every short the viewer may see, newest first, in the vertical player, with the
 * feed's search (a `#tag` link in a short's text searches here) and a button to post one.
 */
export function ShortsPage({ search, first, followButton }: Props) {
  useDocumentTitle(first ? first.title || 'Short' : 'Shorts');
  const navigate = useNavigate();
  const [composing, setComposing] = useState(false);
  const mayPost = useCan('post_shorts');
  const list = useInfiniteQuery(feedListQuery({ filter_type: 'all', search }, 'short'));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A short the viewer reported leaves the lists' cache at once; a deep link's own short is not in them, so the player
  // drops what was reported here itself.
  const [reported, setReported] = useState<readonly number[]>([]);
  const onReported = useCallback((feedId: number) => setReported((ids) => [...ids, feedId]), []);
  const loaded = list.data?.pages.flatMap((p) => p.list) ?? [];
  const shorts = (first ? [first, ...loaded.filter((s) => s.id !== first.id)] : loaded).filter((s) => !reported.includes(s.id));

  return (
    <div className="flex flex-col gap-3">
      <div className="mx-auto flex w-full max-w-md items-center gap-2">
        <h1 className="sr-only">{first ? 'Short' : 'Shorts'}</h1>
        <div className="min-w-0 flex-1">
          <AddressSearchBox
            value={search}
            onSettled={(text) => void navigate({ to: '/shorts', search: text ? { search: text } : {}, replace: true })}
            label="Search shorts"
            placeholder="Search shorts or #tag"
          />
        </div>
        {mayPost && (
          <Button onClick={() => setComposing(true)} className="shrink-0">
            <Icon name="plus" className="size-5" strokeWidth="2" />
            New short
          </Button>
        )}
      </div>
      {list.isPending && !first ? (
        <PageSpinner />
      ) : list.isError && shorts.length === 0 ? (
        <LoadError what="Shorts" error={list.error} onRetry={() => void list.refetch()} />
      ) : shorts.length === 0 ? (
        <EmptyState
          title={search ? 'No shorts match' : 'No shorts yet'}
          hint={search ? 'Try another word or tag.' : 'Film the descent, the summit or the river crossing and share it here.'}
        />
      ) : (
        <ShortsPlayer
          shorts={shorts}
          label={search ? `Shorts matching ${search}` : 'Shorts'}
          onNearEnd={onNearEnd}
          end={!hasNextPage && 'You’re all caught up.'}
          followButton={followButton}
          onReported={onReported}
        />
      )}
      {composing && <ShortFormDialog open onClose={() => setComposing(false)} />}
    </div>
  );
}
