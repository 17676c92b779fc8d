import type { FeedFilterType } from './api';

const FILTERS: readonly FeedFilterType[] = ['all', 'following', 'mine'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `/feeds?filter=&search=&from=&to=`. */
export type FeedSearch = { filter?: FeedFilterType | undefined; search?: string | undefined; from?: string | undefined; to?: string | undefined };

/**
 * Reads the feed's filters from the address, so a filtered feed can be shared, reloaded and stepped back through.
 * Anything malformed is dropped rather than failing the page. Read by the page and its loader, not by the route's
 * search validation, which loads with every first page (src/lib/raw-search.ts, check P1).
 */
export function parseFeedSearch(raw: Record<string, unknown>): FeedSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 100 ? v : undefined);
  const date = (v: unknown) => (typeof v === 'string' && ISO_DATE.test(v) ? v : undefined);
  return {
    filter: FILTERS.find((f) => f === raw.filter),
    search: text(raw.search),
    from: date(raw.from),
    to: date(raw.to),
  };
}

