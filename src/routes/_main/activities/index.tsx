import { createFileRoute } from '@tanstack/react-router';
import { activityListQuery, activitySummaryQuery, sportActivitiesQuery } from '../../../features/activities/api';
import { ActivityLogPage } from '../../../features/activities/components/activity-log-page';
import { filtersOf, parseActivitySearch, type ActivitySearchName } from '../../../features/activities/activity-search-params';
import { rawSearch } from '../../../lib/raw-search';

export const Route = createFileRoute('/_main/activities/')({
  validateSearch: rawSearch<ActivitySearchName>(),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // Started here so the first answers come with the page's code; each part shows its own loading and failure.
    void queryClient.prefetchQuery(activitySummaryQuery({}, 'week'));
    void queryClient.prefetchQuery(sportActivitiesQuery({}));
    void queryClient.prefetchInfiniteQuery(activityListQuery(filtersOf(parseActivitySearch(deps), {})));
  },
  component: function Activities() {
    const navigate = Route.useNavigate();
    return <ActivityLogPage search={parseActivitySearch(Route.useSearch())} onSearch={(change) => void navigate({ search: (s) => ({ ...s, ...change }), replace: true })} />;
  },
});
