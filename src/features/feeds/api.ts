import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  commentDeleted,
  commentSaved,
  feed,
  feedCommentList,
  feedList,
  feedLikers,
  feedReply,
  feedReplyList,
  type FeedInput,
  type FeedKind,
  type FeedList,
  type ReactionCode,
} from '#contract/feeds';
import { emptyData } from '#contract/envelope';
import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { loadOrNotFound } from '../../lib/load-or-not-found';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';
import { uploadImage, type UploadOptions } from '../../lib/upload';

/** `filter_type` of `GET /api/feed`: everyone you may see, people you follow, yours (drafts included). */
export type FeedFilterType = 'all' | 'following' | 'mine';

/** What one feed list asks for. Empty strings and undefined mean "not filtered". */
export type FeedFilters = {
  filter_type?: FeedFilterType | undefined;
  search?: string | undefined;
  /** `YYYY-MM-DD`, inclusive. */
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** One member's posts (their profile's Posts tab). */
  handleName?: string | undefined;
};

/**
 * Every feed query key, generic to specific. The feed form and the comment thread rely on these exact shapes:
 * `['feeds']`, `['feeds','list',filters]`, `['feeds','detail',id]`, `['feeds','comments',feedId]`.
 */
export const feedKeys = {
  all: ['feeds'] as const,
  lists: () => [...feedKeys.all, 'list'] as const,
  /** Shorts' lists sit beside the posts' (`…, 'short'`), so a reaction or edit replaces a short in them too (spec §4). */
  list: (filters: FeedFilters, kind: FeedKind = 'post') =>
    kind === 'post' ? ([...feedKeys.all, 'list', normalizeFilters(filters)] as const) : ([...feedKeys.all, 'list', normalizeFilters(filters), kind] as const),
  detail: (id: number) => [...feedKeys.all, 'detail', id] as const,
  comments: (feedId: number) => [...feedKeys.all, 'comments', feedId] as const,
  likers: (feedId: number, likeUniCode: ReactionCode | undefined) => [...feedKeys.all, 'likers', feedId, likeUniCode ?? 'all'] as const,
};

/** The filters without empty values, so `{search: ''}` and `{}` share one cache entry. */
function normalizeFilters(filters: FeedFilters): FeedFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as FeedFilters;
}

export type FeedPages = Pages<FeedList>;

/**
 * `GET /api/feed` (posts) or `GET /api/video-feed` (shorts): one list, 20 a page, keyset underneath; page 1 replaces,
 * later pages append.
 */
export const feedListQuery = (filters: FeedFilters, kind: FeedKind = 'post') => {
  const params = normalizeFilters(filters) as Record<string, string>;
  const path = kind === 'short' ? 'video-feed' : 'feed';
  return infiniteQueryOptions<FeedList, Error, FeedPages, QueryKey, PageParam>({
    queryKey: feedKeys.list(filters, kind),
    queryFn: ({ pageParam, signal }) => api.get(feedList, path, { searchParams: { ...params, ...pageSearchParams(pageParam) }, signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
    // While the member types a search or switches a filter, the last answer stays on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/feed/:feedId`. A 404 (missing, or a post the viewer may not see) is the page's not-found state, not a toast. */
export const feedDetailQuery = (id: number) =>
  queryOptions({
    queryKey: feedKeys.detail(id),
    queryFn: ({ signal }) => api.get(feed, `feed/${id}`, { signal }).then((r) => r.data),
    meta: { silent: true },
  });

/** Post ids as the address carries them. */
const feedIdParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/**
 * The loader of a post's page: the post in the cache, and its id. Not an id, a missing post and one the viewer may
 * not see all end on the route's not-found page (the API answers 404 for both of the last, check 10).
 */
export async function loadFeedDetail(queryClient: QueryClient, rawId: string): Promise<{ feedId: number }> {
  const parsed = feedIdParam.safeParse(rawId);
  if (!parsed.success) throw notFound();
  await loadOrNotFound(queryClient, feedDetailQuery(parsed.data));
  return { feedId: parsed.data };
}

/** `GET /api/feed/likes`: one page of who reacted to a post, all of them or with one reaction. */
export const getFeedLikers = (feedId: number, likeUniCode: ReactionCode | undefined, page: PageParam, signal: AbortSignal) =>
  api.get(feedLikers, 'feed/likes', { searchParams: { feedId, ...(likeUniCode ? { likeUniCode } : {}), ...pageSearchParams(page) }, signal }).then((r) => r.data);

/** `POST /api/feed/like`: sets the viewer's reaction (null removes it); answers the whole post. */
export const sendReaction = (feedId: number, likeUniCode: ReactionCode | null) => api.post(feed, 'feed/like', { feedId, likeUniCode }).then((r) => r.data);

/** `DELETE /api/feedDelete`. */
export const deleteFeed = (feedId: number) => api.delete(emptyData, 'feedDelete', { feedId });

/** `POST /api/feed` for a new post, `PUT /api/feed` (with `id`) for an edit; answers the saved post and the server's message. */
export const saveFeed = (body: FeedInput) => (body.id === undefined ? api.post(feed, 'feed', body) : api.put(feed, 'feed', body));

/** One photo of a post through the image pipeline (purpose `feed`), with upload progress (lib/upload.ts, not the API client). */
export const uploadFeedPhoto = (file: File, options: UploadOptions) => uploadImage(file, 'feed', options);

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
