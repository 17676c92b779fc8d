import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { getNextPageParam, initialPageParam, type PageParam, type Pages } from '../../lib/paging';
import type { CommentAdapter, ThreadPage } from './comment-adapter';

export type ThreadPages = Pages<ThreadPage>;

/** One subject's comments: top-level newest first, 20 a page, keyset underneath; page 1 replaces, later pages append. */
export const commentsQuery = (adapter: CommentAdapter, subjectId: number) =>
  infiniteQueryOptions<ThreadPage, Error, ThreadPages, QueryKey, PageParam>({
    queryKey: adapter.queryKey(subjectId),
    queryFn: ({ pageParam, signal }) => adapter.list(subjectId, pageParam, signal),
    initialPageParam,
    getNextPageParam,
    // The thread says so in place, with a Try again (first page) or on its Load more button (later pages).
    meta: { silent: true },
  });
