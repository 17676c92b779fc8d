import { createFileRoute } from '@tanstack/react-router';
import { eventListQuery } from '../../../features/events/api';
import { EventsPage } from '../../../features/events/components/events-page';
import { filtersOf, parseEventSearch } from '../../../features/events/event-search-params';
import { sharedPosition } from '../../../features/events/shared-position';

export const Route = createFileRoute('/_main/events/')({
  validateSearch: parseEventSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // Started here so the first page comes with the page's code; the list shows its own loading and failure.
    void queryClient.prefetchInfiniteQuery(eventListQuery(filtersOf(deps, sharedPosition.get())));
  },
  component: function Events() {
    return <EventsPage search={Route.useSearch()} />;
  },
});
