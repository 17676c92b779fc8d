import { createFileRoute } from '@tanstack/react-router';
import { feedListQuery } from '../../../features/feeds/api';
import { followOverVideo } from '../../../features/social/components/member-follow-button';
import { ShortsPage } from '../../../features/feeds/shorts/components/shorts-page';
import { rawSearch } from '../../../lib/raw-search';

const searchOf = (raw: unknown) => (typeof raw === 'string' ? raw.slice(0, 100) : '');

/** `?search=`: text or one `#tag`, as on the feed (a hashtag link in a short's text lands here). */
export const Route = createFileRoute('/_main/shorts/')({
  validateSearch: rawSearch<'search'>(),
  loaderDeps: ({ search }) => ({ search: searchOf(search.search) }),
  loader: ({ context: { queryClient }, deps }) => {
    // Started here so the first shorts come with the page's code.
    void queryClient.prefetchInfiniteQuery(feedListQuery({ filter_type: 'all', search: deps.search }, 'short'));
  },
  component: function Shorts() {
    return <ShortsPage search={searchOf(Route.useSearch().search)} followButton={followOverVideo} />;
  },
});
