import { createFileRoute } from '@tanstack/react-router';
import { RecentActivities } from '../../../features/activities/components/recent-activities';
import { OwnFeeds } from '../../../features/feeds/components/member-feeds';
import { ownProfileQuery, profileSummaryQuery } from '../../../features/profile/api';
import { OwnProfilePage } from '../../../features/profile/components/own-profile-page';
import { OwnShorts } from '../../../features/feeds/shorts/components/member-shorts';
import { OwnGear } from '../../../features/gear/components/member-gear';

export const Route = createFileRoute('/_main/profile/')({
  loader: async ({ context: { queryClient } }) => {
    // The counts are secondary: the page shows without them rather than waiting on them.
    void queryClient.prefetchQuery(profileSummaryQuery);
    await queryClient.ensureQueryData(ownProfileQuery);
  },
  component: function Profile() {
    return <OwnProfilePage feeds={<OwnFeeds />} shorts={<OwnShorts />} gear={<OwnGear />} activities={<RecentActivities />} />;
  },
});
