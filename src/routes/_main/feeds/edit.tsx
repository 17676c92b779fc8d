import { createFileRoute } from '@tanstack/react-router';
import { idFromSearch } from '../../../lib/id-search';
import { feedDetailQuery } from '../../../features/feeds/api';
import { EditFeedPage } from '../../../features/feeds/form/edit-feed-page';
import { FeedFormScope } from '../../../features/feeds/form/feed-form-scope';

/** `/feeds/edit?feedId=`: edit that post; without a (valid) id, write a new one (spec §4). */
export const Route = createFileRoute('/_main/feeds/edit')({
  validateSearch: (raw: Record<string, unknown>): { feedId?: number | undefined } => ({ feedId: idFromSearch(raw.feedId) }),
  loaderDeps: ({ search }) => ({ feedId: search.feedId }),
  // A prefetch only: a missing or foreign post is the page's not-found state, decided where it renders.
  loader: ({ context: { queryClient }, deps: { feedId } }) => (feedId === undefined ? undefined : queryClient.prefetchQuery(feedDetailQuery(feedId))),
  component: function EditFeedRoute() {
    return (
      <FeedFormScope>
        <EditFeedPage feedId={Route.useSearch().feedId} />
      </FeedFormScope>
    );
  },
});
