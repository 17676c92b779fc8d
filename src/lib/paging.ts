import type { InfiniteData } from '@tanstack/react-query';

/**
 * How every infinite list asks for its pages. The server pages by keyset underneath (architecture.md "Paged lists"):
 * each page answers `next_cursor`, and the next page sent with it goes on exactly where this one ended, however many
 * rows arrived meanwhile. Lists without a cursor (the pickers) page by number.
 */

/** One page of an infinite list: its number (spec §3), and from page 2 on the cursor the page before answered. */
export type PageParam = { page: number; cursor?: string };

/** The page data every paged list answers (`pagedList` in contract/envelope.ts). */
type PageInfo = { current_page: number; last_page: number; next_cursor?: string | null | undefined };

/** An infinite query's data of a paged list. */
export type Pages<TPage> = InfiniteData<TPage, PageParam>;

export const initialPageParam: PageParam = { page: 1 };

/** The page after `last`, or undefined at the end: by the cursor it answered, else by number. */
export function getNextPageParam<TPage extends PageInfo>(last: TPage): PageParam | undefined {
  if (last.next_cursor === undefined) return last.current_page < last.last_page ? { page: last.current_page + 1 } : undefined;
  return last.next_cursor === null ? undefined : { page: last.current_page + 1, cursor: last.next_cursor };
}

/** The query string that asks for one page. */
export const pageSearchParams = ({ page, cursor }: PageParam): Record<string, string | number> => (cursor === undefined ? { page } : { page, cursor });
