import * as z from 'zod/mini';

// Apart from envelope.ts on purpose: every first page load parses responses with the envelope, and these query
// pieces pull zod's coercion and regex checks into that load (check P1).

/**
 * The query of every keyset-paged list: `page` (spec §3) and, for the pages after the first, the `cursor` the page
 * before answered as `next_cursor`. A client that sends only `page` still pages, by position.
 */
export const pageParam = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)));
export const cursorParam = z.optional(z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor this list gave out')));
export const pagingQuery = { page: pageParam, cursor: cursorParam };
