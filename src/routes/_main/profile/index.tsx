import { createFileRoute } from '@tanstack/react-router';
import { ownProfileQuery, profileSummaryQuery } from '../../../features/profile/api';
import { ProfilePage } from '../../../features/profile/components/profile-page';

export const Route = createFileRoute('/_main/profile/')({
  loader: async ({ context: { queryClient } }) => {
    // The counts are secondary: the page shows without them rather than waiting on them.
    void queryClient.prefetchQuery(profileSummaryQuery);
    await queryClient.ensureQueryData(ownProfileQuery);
  },
  component: ProfilePage,
});
