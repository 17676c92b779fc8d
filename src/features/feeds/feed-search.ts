// zod/mini: a route's search schema loads with the first page, so it uses the tree-shakable build.
import * as z from 'zod/mini';
import type { FeedFilters, FeedFilterType } from './api';

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/**
 * `/feeds?filter=&search=&from=&to=`: the feed's filters live in the address, so a filtered feed can be shared,
 * reloaded and stepped back through. Anything malformed is dropped rather than failing the page.
 */
export const feedSearchSchema = z.object({
  filter: z.catch(z.optional(z.enum(['all', 'following', 'mine'])), undefined),
  search: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  from: z.catch(z.optional(isoDate), undefined),
  to: z.catch(z.optional(isoDate), undefined),
});
export type FeedSearch = z.infer<typeof feedSearchSchema>;

/** Whether a date range reads forwards (or is open at either end). ISO dates compare as text. */
export const isRangeValid = (from: string | undefined, to: string | undefined) => !from || !to || from <= to;

/** The list query a feed address stands for; a backwards date range is not sent (the screen says why). */
export function filtersOf(search: FeedSearch): FeedFilters {
  const range = isRangeValid(search.from, search.to) ? { startDate: search.from, endDate: search.to } : {};
  return { filter_type: search.filter ?? ('all' satisfies FeedFilterType), search: search.search?.trim(), ...range };
}
