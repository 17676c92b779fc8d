import type { FeedFilters, FeedFilterType } from './api';
import type { FeedSearch } from './feed-search-params';

/** Whether a date range reads forwards (or is open at either end). ISO dates compare as text. */
export const isRangeValid = (from: string | undefined, to: string | undefined) => !from || !to || from <= to;

/** The list query a feed address stands for; a backwards date range is not sent (the screen says why). */
export function filtersOf(search: FeedSearch): FeedFilters {
  const range = isRangeValid(search.from, search.to) ? { startDate: search.from, endDate: search.to } : {};
  return { filter_type: search.filter ?? ('all' satisfies FeedFilterType), search: search.search?.trim(), ...range };
}
