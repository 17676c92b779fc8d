import { createFileRoute } from '@tanstack/react-router';
import { MemberActivityLog } from '../../../../features/activities/components/activity-log-page';
import { parseActivitySearch, type ActivitySearchName } from '../../../../features/activities/activity-search-params';
import { rawSearch } from '../../../../lib/raw-search';

// No loader, as the other tabs: the profile route loads the member, and the tab asks for their activities itself.
export const Route = createFileRoute('/_main/profile/$username/activities')({
  validateSearch: rawSearch<ActivitySearchName>(),
  component: function MemberActivities() {
    const navigate = Route.useNavigate();
    return (
      <MemberActivityLog
        handleName={Route.useParams().username}
        search={parseActivitySearch(Route.useSearch())}
        onSearch={(change) => void navigate({ search: (s) => ({ ...s, ...change }), replace: true })}
      />
    );
  },
});
