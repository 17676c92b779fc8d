import { createFileRoute } from '@tanstack/react-router';
import { eventListQuery } from '../../../features/events/api';
import { EventsPage } from '../../../features/events/components/events-page';
import { filtersOf } from '../../../features/events/event-search';
import { parseEventSearch } from '../../../features/events/event-search-params';
import { sharedPosition } from '../../../features/events/shared-position';
import { rawSearch } from '../../../lib/raw-search';

export const Route = createFileRoute('/_main/events/')({
  validateSearch: rawSearch<'type' | 'sport_id' | 'sports' | 'range' | 'search'>(),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, session }, deps }) => {
    // Started here so the first page comes with the page's code; the list shows its own loading and failure.
    const hasSports = (session.getSnapshot().user?.sports.length ?? 0) > 0;
    void queryClient.prefetchInfiniteQuery(eventListQuery(filtersOf(parseEventSearch(deps), sharedPosition.get(), hasSports)));
  },
  component: function Events() {
    return <EventsPage search={parseEventSearch(Route.useSearch())} />;
  },
});
