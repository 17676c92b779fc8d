import { createFileRoute } from '@tanstack/react-router';
import { feedListQuery } from '../../../features/feeds/api';
import { FeedsPage } from '../../../features/feeds/components/feeds-page';
import { FeedFormScope } from '../../../features/feeds/form/feed-form-scope';
import { filtersOf } from '../../../features/feeds/feed-search';
import { parseFeedSearch } from '../../../features/feeds/feed-search-params';

export const Route = createFileRoute('/_main/feeds/')({
  validateSearch: parseFeedSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // Started here so the first page comes with the page's code; the list shows its own loading and failure.
    void queryClient.prefetchInfiniteQuery(feedListQuery(filtersOf(deps)));
  },
  component: function Feeds() {
    return (
      <FeedFormScope>
        <FeedsPage search={Route.useSearch()} />
      </FeedFormScope>
    );
  },
});
