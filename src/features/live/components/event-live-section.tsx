import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { eventLiveQuery } from '../api';

// Most events have no one live on them: the map and the cards load only when someone is.
const LiveSessions = lazy(() => import('./live-sessions').then((m) => ({ default: m.LiveSessions })));

/**
 * An event's group map, on its page: the sessions shared with the event that this member may watch (they go to it),
 * on one map and as cards, the list asked again every 30 s. Nothing at all while no one is live on it, or when the
 * list cannot be had (the rest of the page does not depend on it).
 */
export function EventLiveSection({ eventId }: { eventId: number }) {
  const headingId = useId();
  const { data } = useQuery(eventLiveQuery(eventId));
  if (!data?.sessions.length) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <h2 id={headingId} className="text-lg font-bold">
        Live now on this event
      </h2>
      <Suspense
        fallback={
          <div className="flex justify-center p-4">
            <Spinner label="Loading who is live" />
          </div>
        }
      >
        <LiveSessions sessions={data.sessions} mapLabel="Map of everyone live on this event" />
      </Suspense>
    </section>
  );
}
