import { createFileRoute } from '@tanstack/react-router';
import { ActivityLogPage } from '../../../features/activities/components/activity-log-page';
import { parseActivitySearch, type ActivitySearchName } from '../../../features/activities/activity-search-params';
import { rawSearch } from '../../../lib/raw-search';

// The same log as /activities, under the profile (spec §2). No loader, unlike /activities: the page asks for its data
// itself, since a split loader adds its stub to the route tree every first page loads (bench:bundle, check P1).
export const Route = createFileRoute('/_main/profile/activities')({
  validateSearch: rawSearch<ActivitySearchName>(),
  component: function ProfileActivities() {
    const navigate = Route.useNavigate();
    return <ActivityLogPage search={parseActivitySearch(Route.useSearch())} onSearch={(change) => void navigate({ search: (s) => ({ ...s, ...change }), replace: true })} />;
  },
});
