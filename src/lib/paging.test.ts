import { describe, expect, it } from 'vitest';
import { getNextPageParam, initialPageParam, pageSearchParams } from './paging';

const page = (current_page: number, last_page: number, next_cursor?: string | null) => ({ current_page, last_page, ...(next_cursor === undefined ? {} : { next_cursor }) });

describe('paging', () => {
  it('asks for page 1 without a cursor, then for each next page with the cursor the page before answered', () => {
    expect(pageSearchParams(initialPageParam)).toEqual({ page: 1 });
    const next = getNextPageParam(page(1, 3, 'abc'));
    expect(next).toEqual({ page: 2, cursor: 'abc' });
    expect(pageSearchParams(next!)).toEqual({ page: 2, cursor: 'abc' });
  });

  it('stops where the list says there is nothing more, even when the count has grown meanwhile', () => {
    expect(getNextPageParam(page(2, 3, null))).toBeUndefined();
    expect(getNextPageParam(page(1, 1, null))).toBeUndefined();
  });

  it('pages by number for a list that gives no cursor', () => {
    expect(getNextPageParam(page(1, 2))).toEqual({ page: 2 });
    expect(pageSearchParams({ page: 2 })).toEqual({ page: 2 });
    expect(getNextPageParam(page(2, 2))).toBeUndefined();
  });
});
