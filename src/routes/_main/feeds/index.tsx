import { createFileRoute } from '@tanstack/react-router';
import { feedListQuery } from '../../../features/feeds/api';
import { FeedsPage } from '../../../features/feeds/components/feeds-page';
import { FeedFormScope } from '../../../features/feeds/form/feed-form-scope';
import { filtersOf } from '../../../features/feeds/feed-search';
import { parseFeedSearch } from '../../../features/feeds/feed-search-params';
import { idFromSearch } from '../../../lib/id-search';
import { rawSearch } from '../../../lib/raw-search';

/** `?shareActivity=<id>`: opens the composer with that activity linked (an activity's "Share as a post"). */
export const Route = createFileRoute('/_main/feeds/')({
  validateSearch: rawSearch<'filter' | 'search' | 'from' | 'to' | 'shareActivity'>(),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // Started here so the first page comes with the page's code; the list shows its own loading and failure.
    void queryClient.prefetchInfiniteQuery(feedListQuery(filtersOf(parseFeedSearch(deps))));
  },
  component: function Feeds() {
    const search = Route.useSearch();
    return (
      <FeedFormScope>
        <FeedsPage search={parseFeedSearch(search)} shareActivityId={idFromSearch(search.shareActivity)} />
      </FeedFormScope>
    );
  },
});
