import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { event, eventList, type EventList, type EventTab } from '#contract/events';
import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { loadOrNotFound } from '../../lib/load-or-not-found';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';

/** What one event list asks for (`GET /api/challengeActivity`). Undefined means "not filtered". */
export type EventFilters = {
  type?: EventTab | undefined;
  sport_id?: number | undefined;
  /** Kilometres from (`lat`, `lng`), the point the member shared. */
  range?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  search?: string | undefined;
};

/**
 * Every event query key, generic to specific: `['events']`, `['events','list',filters]`, `['events','detail',id]`,
 * `['events','comments',id]`, `['events','people',id,list]`, `['events','likers',id,code]`. Cache patches
 * (event-cache.ts) rely on these shapes.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (filters: EventFilters) => [...eventKeys.all, 'list', normalizeFilters(filters)] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  comments: (id: number) => [...eventKeys.all, 'comments', id] as const,
  people: (id: number, list: 'going' | 'interested' | 'waitlist') => [...eventKeys.all, 'people', id, list] as const,
  likers: (id: number, likeUniCode: string | undefined) => [...eventKeys.all, 'likers', id, likeUniCode ?? 'all'] as const,
};

function normalizeFilters(filters: EventFilters): EventFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as EventFilters;
}

export type EventPages = Pages<EventList>;

/** `GET /api/challengeActivity`: one event list, keyset underneath; page 1 replaces, later pages append. */
export const eventListQuery = (filters: EventFilters) => {
  const params = normalizeFilters(filters) as Record<string, string | number>;
  return infiniteQueryOptions<EventList, Error, EventPages, QueryKey, PageParam>({
    queryKey: eventKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(eventList, 'challengeActivity', { searchParams: { ...params, ...pageSearchParams(pageParam) }, signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/getChallengeDetails?id=`. A 404 (missing, or an event the viewer may not see) is the page's not-found state. */
export const eventDetailQuery = (id: number) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => api.get(event, 'getChallengeDetails', { searchParams: { id }, signal }).then((r) => r.data),
    meta: { silent: true },
  });

/** Event ids as the address carries them. */
export const eventIdParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** The loader of an event's page: the event in the cache, and its id; a bad id, missing or hidden event → not found. */
export async function loadEventDetail(queryClient: QueryClient, rawId: string): Promise<{ eventId: number }> {
  const parsed = eventIdParam.safeParse(rawId);
  if (!parsed.success) throw notFound();
  await loadOrNotFound(queryClient, eventDetailQuery(parsed.data));
  return { eventId: parsed.data };
}
