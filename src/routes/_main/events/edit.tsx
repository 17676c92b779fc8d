import { createFileRoute } from '@tanstack/react-router';
import { idFromSearch } from '../../../lib/id-search';
import { eventDetailQuery } from '../../../features/events/api';
import { EditEventPage } from '../../../features/events/form/event-form-page';

/** `/events/edit?eventId=`: the event's form, for its organiser and co-hosts. */
export const Route = createFileRoute('/_main/events/edit')({
  validateSearch: (raw: Record<string, unknown>): { eventId?: number | undefined } => ({ eventId: idFromSearch(raw.eventId) }),
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  // A prefetch only: a missing event, or one the viewer may not edit, is the page's own state, decided where it renders.
  loader: ({ context: { queryClient }, deps: { eventId } }) => (eventId === undefined ? undefined : queryClient.prefetchQuery(eventDetailQuery(eventId))),
  component: function EditEventRoute() {
    return <EditEventPage eventId={Route.useSearch().eventId} />;
  },
});
