import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LngLat } from '#contract/map-routes';
import type { MapStartInput } from '../../../components/map/map-start';
import { useSession } from '../../auth/session-context';
import { eventKeys, eventListQuery, type EventPages } from '../api';

/** Enough points to frame a region; more only cost the fitting. */
const NEARBY_MAX = 50;

function listedPoints(pages: (EventPages | undefined)[]): LngLat[] {
  const points: LngLat[] = [];
  for (const data of pages)
    for (const page of data?.pages ?? [])
      for (const e of page.list) if (e.latitude !== null && e.longitude !== null) points.push([e.longitude, e.latitude]);
  return points.slice(0, NEARBY_MAX);
}

/** The meeting points of the events listed to the member: from the lists seen in this visit, else the first page. */
async function eventsAround(queryClient: QueryClient): Promise<LngLat[]> {
  const seen = listedPoints(queryClient.getQueriesData<EventPages>({ queryKey: eventKeys.lists() }).map(([, data]) => data));
  if (seen.length) return seen;
  return listedPoints([await queryClient.fetchInfiniteQuery(eventListQuery({}))]);
}

/** What the event form's maps need to choose where they open (components/map/map-start.ts). */
export function useMapStartInput(): MapStartInput {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [nearby] = useState(() => () => eventsAround(queryClient));
  return { profileLocation: user?.location ?? null, nearby };
}
