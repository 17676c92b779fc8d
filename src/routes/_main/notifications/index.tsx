import { createFileRoute } from '@tanstack/react-router';
import { notificationListQuery } from '../../../features/notifications/api';
import { requestsSummaryQuery } from '../../../features/social/api';
import { NotificationsPage } from '../../../features/notifications/components/notifications-page';

export const Route = createFileRoute('/_main/notifications/')({
  loader: ({ context: { queryClient } }) => {
    // Started here so the requests come with the page's code; the page shows its own loading and failure.
    void queryClient.prefetchInfiniteQuery(notificationListQuery);
    void queryClient.prefetchQuery(requestsSummaryQuery);
  },
  component: NotificationsPage,
});
