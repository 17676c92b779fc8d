import { createFileRoute } from '@tanstack/react-router';
import { CohostInvitesSection } from '../../../features/events/components/cohost-invites-section';
import { notificationListQuery, requestsSummaryQuery } from '../../../features/notifications/api';
import { NotificationsPage } from '../../../features/notifications/components/notifications-page';

export const Route = createFileRoute('/_main/notifications/')({
  loader: ({ context: { queryClient } }) => {
    // Started here so the requests come with the page's code; the page shows its own loading and failure.
    void queryClient.prefetchInfiniteQuery(notificationListQuery);
    void queryClient.prefetchQuery(requestsSummaryQuery);
  },
  component: function Notifications() {
    return (
      <NotificationsPage>
        <CohostInvitesSection />
      </NotificationsPage>
    );
  },
});
