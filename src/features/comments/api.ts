import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { getNextPageParam, initialPageParam, type PageParam, type Pages } from '../../lib/paging';
import type { CommentAdapter, ThreadPage } from './comment-adapter';
import { keepLoadedReplies } from './thread-cache';

export type ThreadPages = Pages<ThreadPage>;

/** One subject's comments: top-level newest first, 20 a page, keyset underneath; page 1 replaces, later pages append. */
export const commentsQuery = (adapter: CommentAdapter, subjectId: number) =>
  infiniteQueryOptions<ThreadPage, Error, ThreadPages, QueryKey, PageParam>({
    queryKey: adapter.queryKey(subjectId),
    // A refetch keeps the replies loaded past each comment's first page (thread-cache.ts).
    queryFn: async ({ pageParam, signal, client, queryKey }) =>
      keepLoadedReplies(client.getQueryData<ThreadPages>(queryKey), await adapter.list(subjectId, pageParam, signal)),
    initialPageParam,
    getNextPageParam,
    // The thread says so in place, with a Try again (first page) or on its Load more button (later pages).
    meta: { silent: true },
  });
