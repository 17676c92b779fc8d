import { createFileRoute } from '@tanstack/react-router';
import { loadEventDetail } from '../../../features/events/api';
import { EventDetailPage } from '../../../features/events/components/event-detail-page';
import { EventNotFound } from '../../../features/events/components/event-not-found';
import { EventLiveSection } from '../../../features/live/components/event-live-section';

export const Route = createFileRoute('/_main/events/$eventId')({
  loader: ({ context: { queryClient }, params }) => loadEventDetail(queryClient, params.eventId),
  component: function EventDetail() {
    const { eventId } = Route.useLoaderData();
    // Who is live on the event is the live area's; its map and cards load only when someone is.
    return <EventDetailPage eventId={eventId} live={<EventLiveSection eventId={eventId} />} />;
  },
  notFoundComponent: EventNotFound,
});
