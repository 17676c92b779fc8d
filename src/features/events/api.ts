import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { eventProgress } from '#contract/activities';
import { emptyData } from '#contract/envelope';
import { eventCommentList, eventCommentSaved, eventReply, eventReplyList } from '#contract/event-comments';
import {
  cohostDeclined,
  event,
  eventList,
  eventPeople,
  eventStatus,
  invited,
  productLikes,
  type EventInput,
  type EventList,
  type EventTab,
  type PEOPLE_LISTS,
} from '#contract/events';
import { commentDeleted, feedLikers, type ReactionCode } from '#contract/feeds';
import { locationInfo, route, type Route, type RouteInput } from '#contract/map-routes';
import { memberList } from '#contract/social';
import { notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { loadOrNotFound } from '../../lib/load-or-not-found';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';
import { upload, uploadImage, type UploadOptions } from '../../lib/upload';

/** What one event list asks for (`GET /api/challengeActivity`). Undefined means "not filtered". */
export type EventFilters = {
  type?: EventTab | undefined;
  sport_id?: number | undefined;
  /** `mine`: any sport on the member's profile. */
  sports?: 'mine' | undefined;
  /** Kilometres from (`lat`, `lng`), the point the member shared. */
  range?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  search?: string | undefined;
};

/**
 * Every event query key, generic to specific: `['events']`, `['events','list',filters]`, `['events','detail',id]`,
 * `['events','comments',id]`, `['events','people',id,list]`, `['events','likers',id,code]`, `['events','progress',id]`.
 * Cache patches (event-cache.ts) rely on these shapes.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (filters: EventFilters) => [...eventKeys.all, 'list', normalizeFilters(filters)] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  comments: (id: number) => [...eventKeys.all, 'comments', id] as const,
  people: (id: number, list: 'going' | 'interested' | 'waitlist') => [...eventKeys.all, 'people', id, list] as const,
  likers: (id: number, likeUniCode: string | undefined) => [...eventKeys.all, 'likers', id, likeUniCode ?? 'all'] as const,
  progress: (id: number) => [...eventKeys.all, 'progress', id] as const,
};

function normalizeFilters(filters: EventFilters): EventFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as EventFilters;
}

export type EventPages = Pages<EventList>;

/** `GET /api/challengeActivity`: one event list, keyset underneath; page 1 replaces, later pages append. */
export const eventListQuery = (filters: EventFilters) => {
  const params = normalizeFilters(filters) as Record<string, string | number>;
  return infiniteQueryOptions<EventList, Error, EventPages, QueryKey, PageParam>({
    queryKey: eventKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(eventList, 'challengeActivity', { searchParams: { ...params, ...pageSearchParams(pageParam) }, signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/getChallengeDetails?id=`. A 404 (missing, or an event the viewer may not see) is the page's not-found state. */
export const eventDetailQuery = (id: number) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => api.get(event, 'getChallengeDetails', { searchParams: { id }, signal }).then((r) => r.data),
    meta: { silent: true },
  });

/** Event ids as the address carries them. */
export const eventIdParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** The loader of an event's page: the event in the cache, and its id; a bad id, missing or hidden event → not found. */
export async function loadEventDetail(queryClient: QueryClient, rawId: string): Promise<{ eventId: number }> {
  const parsed = eventIdParam.safeParse(rawId);
  if (!parsed.success) throw notFound();
  await loadOrNotFound(queryClient, eventDetailQuery(parsed.data));
  return { eventId: parsed.data };
}

/** `GET /api/challenge/people`: one page of who is going, interested or waiting (the waitlist in its order). */
export const getEventPeople = (challengeId: number, list: (typeof PEOPLE_LISTS)[number], page: PageParam, signal: AbortSignal) =>
  api.get(eventPeople, 'challenge/people', { searchParams: { challengeId, list, ...pageSearchParams(page) }, signal }).then((r) => r.data);

/** `GET /api/selectMembers`: page 1 of the members the viewer may invite or ask to co-host, for what was typed. */
export const getInvitableMembers = (search: string, signal: AbortSignal) =>
  api.get(memberList, 'selectMembers', { searchParams: { search }, signal }).then((r) => r.data.list);

/** `GET /api/challenge/cohost-invites`: the viewer's co-host invitations waiting for an answer. */
export const getCohostInvites = (signal: AbortSignal) => api.get(eventList, 'challenge/cohost-invites', { signal }).then((r) => r.data);

/** `POST /api/challenge/cancel` (organiser only): answers the event, now cancelled. */
export const cancelEvent = (challengeId: number) => api.post(event, 'challenge/cancel', { challengeId }).then((r) => r.data);

/** `DELETE /api/challenge` (organiser only). */
export const deleteEvent = (challengeId: number) => api.delete(emptyData, 'challenge', { challengeId });

/** `POST /api/challenge/member/invite`: answers the ids of the members newly invited. */
export const inviteMembers = ({ challengeId, userIds }: { challengeId: number; userIds: number[] }) =>
  api.post(invited, 'challenge/member/invite', { challengeId, userIds }).then((r) => r.data);

/** `POST /api/challenge/publish` (organiser and co-hosts): answers the event and the server's message. */
export const publishEvent = (challengeId: number) => api.post(event, 'challenge/publish', { challengeId });

/** `POST /api/challenge/cohost/accept`: answers the event and the server's message. */
export const acceptCohost = (challengeId: number) => api.post(event, 'challenge/cohost/accept', { challengeId });

/** `POST /api/challenge/cohost/decline`: answers the event as the member now sees it (or none) and the server's message. */
export const declineCohost = (challengeId: number) => api.post(cohostDeclined, 'challenge/cohost/decline', { challengeId });

/**
 * The viewer's status calls, each `POST {challengeId}` answering the status: `challenge/interestedChallengetoggle`
 * (it toggles), `challenge/join` and `challenge/opt-out`.
 */
export const postEventStatus = (path: 'challenge/interestedChallengetoggle' | 'challenge/join' | 'challenge/opt-out', challengeId: number) =>
  api.post(eventStatus, path, { challengeId }).then((r) => r.data);

/** `POST /api/saveProductLike {id, likeUniCode, type: 'challenge'}`: sets the viewer's reaction; answers the event's reactions. */
export const sendEventReaction = (id: number, likeUniCode: ReactionCode | null) =>
  api.post(productLikes, 'saveProductLike', { id, likeUniCode, type: 'challenge' }).then(({ data }) => ({ likes: data.likes }));

/** `GET /api/challenge/likes`: one page of who reacted to an event, all of them or with one reaction. */
export const getEventLikers = (challengeId: number, likeUniCode: ReactionCode | undefined, page: PageParam, signal: AbortSignal) =>
  api
    .get(feedLikers, 'challenge/likes', { searchParams: { challengeId, ...(likeUniCode ? { likeUniCode } : {}), ...pageSearchParams(page) }, signal })
    .then((r) => r.data);

/** `POST /api/challenge` for a new event, `PUT /api/challenge` (with `id`) for an edit; answers the saved event and the server's message. */
export const saveEvent = (body: EventInput) => (body.id === undefined ? api.post(event, 'challenge', body) : api.put(event, 'challenge', body));

/** `POST /api/route` with JSON: the points drawn on the map, measured and stored by the server. */
export const saveDrawnRoute = (body: RouteInput) => api.post(route, 'route', body).then((r) => r.data);

/**
 * `GET /api/getMapboxZipCode?lat=&lng=`: the place at a point when a geocoder is configured; every field null when
 * none is (the member types them). Silent: a geocoder that fails costs nothing but the prefill.
 */
export const reverseGeocode = (lat: number, lng: number, signal?: AbortSignal) =>
  api.get(locationInfo, 'getMapboxZipCode', { searchParams: { lat, lng }, signal }).then((r) => r.data);

/** The event's banner through the image pipeline (purpose `event`), with upload progress (lib/upload.ts, not the API client). */
export const uploadEventBanner = (file: File, options: UploadOptions) => uploadImage(file, 'event', options);

/**
 * `POST /api/route` multipart: a GPX file (`file`, with `name` and `sportId`), with upload progress. Through the
 * upload helper (lib/upload.ts), not the API client, like the other uploads of the form.
 */
export function importGpx(file: File, { name, sportId }: { name: string; sportId: number }, options: UploadOptions = {}): Promise<Route> {
  const form = new FormData();
  // The fields before the file: a streaming multipart reader on the server meets them first.
  form.append('name', name);
  form.append('sportId', String(sportId));
  form.append('file', file, file.name);
  return upload(route, 'route', form, options).then((r) => r.data);
}

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

/**
 * `GET /api/challenge/progress?challengeId=`: each going member's distance, climb and calories from their activities
 * in the event's window (following its route when it has one), against its goals.
 */
export const eventProgressQuery = (id: number) =>
  queryOptions({
    queryKey: eventKeys.progress(id),
    queryFn: ({ signal }) => api.get(eventProgress, 'challenge/progress', { searchParams: { challengeId: id }, signal }).then((r) => r.data),
  });
