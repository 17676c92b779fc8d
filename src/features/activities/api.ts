import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  activity,
  activityDetail,
  activityImport,
  activityList,
  activitySummary,
  activityTrack,
  privacySettings,
  sportActivities,
  type ActivityList,
  type ActivityListBody,
  type ActivityUpdate,
  type ManualActivityInput,
  type PrivacySettingsInput,
} from '#contract/activities';
import { activityCommentSchemas as comments } from '#contract/activity-comments';
import { emptyData } from '#contract/envelope';
import { commentDeleted, feedLikers, type ReactionCode } from '#contract/feeds';
import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { getFile } from '../../lib/file-download';
import { loadOrNotFound } from '../../lib/load-or-not-found';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';
import { upload, type UploadOptions } from '../../lib/upload';

/** Whose activities: a member's handle (their profile's tab), or none for the viewer's own. */
export type ActivityOwner = { handleName?: string | undefined };

/** What one activity list asks for (`POST /api/getActivity`); undefined and '' mean "not filtered". */
export type ActivityFilters = ActivityOwner & {
  title?: string | undefined;
  sportId?: number | undefined;
  /** `YYYY-MM-DD`, inclusive, in the browser's time zone. */
  from?: string | undefined;
  to?: string | undefined;
};

/**
 * Every activity query key, generic to specific: `['activities']`, `['activities','list',filters]`,
 * `['activities','detail',id]`, `['activities','item',id]`, `['activities','track',id]`, `['activities','summary',owner,chart]`,
 * `['activities','sports',owner]`, `['activities','comments',id]`, `['activities','likers',id,code]`,
 * `['activities','import',importId]`, `['activities','privacy']`. Cache patches rely on these shapes.
 */
export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (filters: ActivityFilters) => [...activityKeys.all, 'list', normalize(filters)] as const,
  detail: (id: number) => [...activityKeys.all, 'detail', id] as const,
  item: (id: number) => [...activityKeys.all, 'item', id] as const,
  track: (id: number) => [...activityKeys.all, 'track', id] as const,
  summary: (owner: ActivityOwner, chart: 'week' | 'month') => [...activityKeys.all, 'summary', normalize(owner), chart] as const,
  sports: (owner: ActivityOwner) => [...activityKeys.all, 'sports', normalize(owner)] as const,
  comments: (id: number) => [...activityKeys.all, 'comments', id] as const,
  likers: (id: number, likeUniCode: ReactionCode | undefined) => [...activityKeys.all, 'likers', id, likeUniCode ?? 'all'] as const,
  import: (importId: number) => [...activityKeys.all, 'import', importId] as const,
  privacy: () => [...activityKeys.all, 'privacy'] as const,
};

function normalize<T extends object>(filters: T): T {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as T;
}

/** The browser's IANA time zone: the days of the summary, the date filters and default titles are counted in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export type ActivityPages = Pages<ActivityList>;

/** `POST /api/getActivity`: one member's activities, newest first, keyset underneath; page 1 replaces, later pages append. */
export const activityListQuery = (filters: ActivityFilters) => {
  const body = normalize(filters);
  return infiniteQueryOptions<ActivityList, Error, ActivityPages, QueryKey, PageParam>({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api
        .post(activityList, 'getActivity', { ...body, ...(body.from || body.to ? { timeZone: browserTimeZone() } : {}), ...pageSearchParams(pageParam) } satisfies ActivityListBody, { signal })
        .then((r) => r.data),
    initialPageParam,
    getNextPageParam,
    placeholderData: keepPreviousData,
  });
};

/** `POST /api/getActivity {activityId}`: that one activity as a list item (the feed form's picker shows the linked one). */
export const getActivityItem = (activityId: number, signal?: AbortSignal) =>
  api.post(activityList, 'getActivity', { activityId }, { signal }).then((r) => r.data.list[0] ?? null);

/** `GET /api/getSportsActivity`: the sports the member has activities in, with counts (the sport filter). */
export const sportActivitiesQuery = (owner: ActivityOwner) =>
  queryOptions({
    queryKey: activityKeys.sports(owner),
    queryFn: ({ signal }) => api.get(sportActivities, 'getSportsActivity', { searchParams: normalize(owner), signal }).then((r) => r.data.list),
  });

/** `GET /api/activity/summary`: this week, month and year, and the last 12 weeks or months as bars. */
export const activitySummaryQuery = (owner: ActivityOwner, chart: 'week' | 'month') =>
  queryOptions({
    queryKey: activityKeys.summary(owner, chart),
    queryFn: ({ signal }) =>
      api.get(activitySummary, 'activity/summary', { searchParams: { ...normalize(owner), chart, timeZone: browserTimeZone() }, signal }).then((r) => r.data),
  });

/** `GET /api/activity/:id`. A 404 (missing, or one the viewer may not see) is the page's not-found state, not a toast. */
export const activityDetailQuery = (id: number) =>
  queryOptions({
    queryKey: activityKeys.detail(id),
    queryFn: ({ signal }) => api.get(activityDetail, `activity/${id}`, { signal }).then((r) => r.data),
    meta: { silent: true },
  });

/** `GET /api/getActivityCoordinate?activityId=`: the track for the map and charts, as the viewer may see it. */
export const activityTrackQuery = (id: number) =>
  queryOptions({
    queryKey: activityKeys.track(id),
    queryFn: ({ signal }) => api.get(activityTrack, 'getActivityCoordinate', { searchParams: { activityId: id }, signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** Activity ids as the address carries them. */
export const activityIdParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** The loader of an activity's page: the activity in the cache, and its id; a bad id, missing or hidden one → not found. */
export async function loadActivityDetail(queryClient: QueryClient, rawId: string): Promise<{ activityId: number }> {
  const parsed = activityIdParam.safeParse(rawId);
  if (!parsed.success) throw notFound();
  await loadOrNotFound(queryClient, activityDetailQuery(parsed.data));
  return { activityId: parsed.data };
}

/** `POST /api/activity`: an activity typed in by hand; answers it and the server's message. */
export const createManualActivity = (body: ManualActivityInput) => api.post(activityDetail, 'activity', body);

/** `PUT /api/activity`: the owner's changes; answers the activity and the server's message. */
export const updateActivity = (body: ActivityUpdate) => api.put(activityDetail, 'activity', body);

/** `DELETE /api/activity`. */
export const deleteActivity = (activityId: number) => api.delete(emptyData, 'activity', { activityId });

/**
 * `POST /api/activity/import` (multipart `file`, `timeZone`), with upload progress: answers the import, queued. The
 * file is read in the background; poll `importStatusQuery` until it is done or failed.
 */
export function importActivityFile(file: File, options: UploadOptions = {}) {
  const body = new FormData();
  body.append('timeZone', browserTimeZone());
  body.append('file', file, file.name);
  return upload(activityImport, 'activity/import', body, options).then((r) => r.data);
}

/** `GET /api/activity/import/:importId`: an import as it stands (queued, processing, done with each file's outcome, failed). */
export const getImport = (importId: number, signal?: AbortSignal) => api.get(activityImport, `activity/import/${importId}`, { signal }).then((r) => r.data);

/** `POST /api/activity/like`: sets the viewer's reaction (null removes it); answers the activity. */
export const sendActivityReaction = (activityId: number, likeUniCode: ReactionCode | null) =>
  api.post(activity, 'activity/like', { activityId, likeUniCode }).then((r) => r.data);

/** `GET /api/activity/likes`: one page of who reacted to an activity, all of them or with one reaction. */
export const getActivityLikers = (activityId: number, likeUniCode: ReactionCode | undefined, page: PageParam, signal: AbortSignal) =>
  api
    .get(feedLikers, 'activity/likes', { searchParams: { activityId, ...(likeUniCode ? { likeUniCode } : {}), ...pageSearchParams(page) }, signal })
    .then((r) => r.data);

/** The comments of an activity (`/api/activity/comment` and its siblings), as the API answers them. */
export const activityCommentCalls = {
  list: (activityId: number, page: PageParam, signal: AbortSignal) =>
    api.get(comments.commentList, 'activity/comment', { searchParams: { activityId, ...pageSearchParams(page) }, signal }).then((r) => r.data),
  replies: (activityId: number, parentId: number, cursor: string, signal: AbortSignal) =>
    api.get(comments.replyList, 'activity/comment', { searchParams: { activityId, parentId, cursor }, signal }).then((r) => r.data),
  add: (activityId: number, parentId: number, comment: string) =>
    api.post(comments.saved, 'activity/comment', { activityId, ...(parentId ? { parentId } : {}), comment }).then((r) => r.data),
  edit: (activityId: number, commentId: number, comment: string) =>
    api.post(comments.reply, 'activity/comment/edit', { activityId, commentId, comment }).then((r) => r.data),
  like: (commentId: number, isLiked: boolean) => api.post(comments.reply, 'activity/comment/like', { commentId, isLiked }).then((r) => r.data),
  remove: (activityId: number, commentId: number) => api.delete(commentDeleted, 'activity/comment', { activityId, commentId }).then((r) => r.data),
};

/** `GET /api/privacy-zones`: the member's privacy zones and hidden ends. */
export const privacySettingsQuery = () =>
  queryOptions({
    queryKey: activityKeys.privacy(),
    queryFn: ({ signal }) => api.get(privacySettings, 'privacy-zones', { signal }).then((r) => r.data),
  });

/** `PUT /api/privacy-zones`: the whole set; answers it as saved and the server's message. */
export const savePrivacySettings = (body: PrivacySettingsInput) => api.put(privacySettings, 'privacy-zones', body);

/** The one activity a post links to, as lists show it (the feed form's picker), under `['activities','item',id]`; null when gone. */
export const activityItemQuery = (activityId: number) =>
  queryOptions({
    queryKey: activityKeys.item(activityId),
    queryFn: ({ signal }) => getActivityItem(activityId, signal),
    // The one picked from the list is put here whole; asking again at once would only repeat it.
    staleTime: 60_000,
  });

/** `GET /api/activity/:id/gpx`: the track as a GPX file (for anyone but the owner, trimmed at the privacy zones). */
export const downloadActivityGpx = (activityId: number) => getFile(`activity/${activityId}/gpx`);

/** `GET /api/activity/:id/original` (the owner only): the file the activity was imported from. */
export const downloadActivityOriginal = (activityId: number) => getFile(`activity/${activityId}/original`);
