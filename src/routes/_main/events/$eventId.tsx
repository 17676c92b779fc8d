import { createFileRoute } from '@tanstack/react-router';
import { loadEventDetail } from '../../../features/events/api';
import { EventDetailPage } from '../../../features/events/components/event-detail-page';
import { EventNotFound } from '../../../features/events/components/event-not-found';

export const Route = createFileRoute('/_main/events/$eventId')({
  loader: ({ context: { queryClient }, params }) => loadEventDetail(queryClient, params.eventId),
  component: function EventDetail() {
    return <EventDetailPage eventId={Route.useLoaderData().eventId} />;
  },
  notFoundComponent: EventNotFound,
});
