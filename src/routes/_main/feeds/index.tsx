import { createFileRoute } from '@tanstack/react-router';
import { feedListQuery } from '../../../features/feeds/api';
import { FeedsPage } from '../../../features/feeds/components/feeds-page';
import { feedSearchSchema, filtersOf } from '../../../features/feeds/feed-search';

export const Route = createFileRoute('/_main/feeds/')({
  validateSearch: feedSearchSchema,
  loaderDeps: ({ search }) => filtersOf(search),
  loader: ({ context: { queryClient }, deps }) => {
    // Started here so the first page comes with the page's code; the list shows its own loading and failure.
    void queryClient.prefetchInfiniteQuery(feedListQuery(deps));
  },
  component: function Feeds() {
    return <FeedsPage search={Route.useSearch()} />;
  },
});
