import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { eventCommentList, eventCommentSaved, eventReply, eventReplyList } from '#contract/event-comments';
import { commentDeleted, commentSaved, feedCommentList, feedReply, feedReplyList } from '#contract/feeds';
import { api } from '../../lib/api-client';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';
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

/** The comments of a post (spec §7 `/api/feed/comment` and its siblings), as the API answers them. */
export const feedCommentCalls = {
  list: (feedId: number, page: PageParam, signal: AbortSignal) =>
    api.get(feedCommentList, 'feed/comment', { searchParams: { feedId, ...pageSearchParams(page) }, signal }).then((r) => r.data),
  replies: (feedId: number, parentId: number, cursor: string, signal: AbortSignal) =>
    api.get(feedReplyList, 'feed/comment', { searchParams: { feedId, parentId, cursor }, signal }).then((r) => r.data),
  add: (feedId: number, parentId: number, comment: string) =>
    api.post(commentSaved, 'feed/comment', { feedId, ...(parentId ? { parentId } : {}), comment }).then((r) => r.data),
  edit: (feedId: number, commentId: number, comment: string) => api.post(feedReply, 'feed/updateFeedComment', { feedId, commentId, comment }).then((r) => r.data),
  like: (commentId: number, isLiked: boolean) => api.post(feedReply, 'feed/comment/like', { commentId, isLiked }).then((r) => r.data),
  remove: (feedId: number, commentId: number) => api.post(commentDeleted, 'feed/delete-comment', { feedId, commentId }).then((r) => r.data),
};

/** The comments of an event (spec §7 `/api/challenge/comment` and its siblings), as the API answers them. */
export const eventCommentCalls = {
  list: (eventId: number, page: PageParam, signal: AbortSignal) =>
    api.get(eventCommentList, 'challenge/comment', { searchParams: { eventId, ...pageSearchParams(page) }, signal }).then((r) => r.data),
  replies: (eventId: number, parentId: number, cursor: string, signal: AbortSignal) =>
    api.get(eventReplyList, 'challenge/comment', { searchParams: { eventId, parentId, cursor }, signal }).then((r) => r.data),
  add: (eventId: number, parentId: number, comment: string) =>
    api.post(eventCommentSaved, 'challenge/comment', { eventId, ...(parentId ? { parentId } : {}), comment }).then((r) => r.data),
  edit: (eventId: number, commentId: number, comment: string) =>
    api.post(eventReply, 'challenge/updateChallengeComment', { eventId, commentId, comment }).then((r) => r.data),
  like: (commentId: number, isLiked: boolean) => api.post(eventReply, 'challenge/comment/challengeCommentLikeStore', { commentId, isLiked }).then((r) => r.data),
  remove: (eventId: number, commentId: number) => api.delete(commentDeleted, 'challenge/DeleteComment', { eventId, commentId }).then((r) => r.data),
};
