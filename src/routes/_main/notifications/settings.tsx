import { createFileRoute } from '@tanstack/react-router';
import { notificationSettingsQuery } from '../../../features/notifications/api';
import { NotificationSettingsPage } from '../../../features/notifications/components/notification-settings-page';

export const Route = createFileRoute('/_main/notifications/settings')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(notificationSettingsQuery),
  component: NotificationSettingsPage,
});
