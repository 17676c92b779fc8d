import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError } from './api-error';

/** How long a 404 is answered from the cache, as long as data is kept fresh (query-client.ts). */
const REFUSAL_KEPT_MS = 30_000;

/**
 * A page's loader for one thing (a post, an event, a member): its query in the cache, and a 404 turned into the
 * route's not-found page. Query asks again for a query that holds no data, so a missing post preloaded when the
 * pointer rested on its link and loaded again on the click cost two requests for the same 404: a 404 got within
 * the last 30 seconds is answered from the cache instead.
 */
export async function loadOrNotFound<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>) {
  const known = queryClient.getQueryState(options.queryKey);
  const missing = (error: unknown) => error instanceof ApiError && error.status === 404;
  if (known?.status === 'error' && known.fetchStatus === 'idle' && missing(known.error) && Date.now() - known.errorUpdatedAt < REFUSAL_KEPT_MS) {
    throw notFound();
  }
  try {
    return await queryClient.ensureQueryData(options);
  } catch (error) {
    if (missing(error)) throw notFound();
    throw error;
  }
}
