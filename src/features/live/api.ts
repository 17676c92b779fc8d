import { queryOptions } from '@tanstack/react-query';
import {
  liveLinkMade,
  liveNow,
  livePositionsAck,
  liveSession,
  liveStopped,
  ownLiveSession,
  sharedLive,
  type LivePoint,
  type LiveStartBody,
} from '#contract/live';
import type * as z from 'zod/mini';
import type { liveStopBody } from '#contract/live';
import { memberList } from '#contract/social';
import { api } from '../../lib/api-client';

/** How often the list of who is live is asked again: sessions start and end without a message to this screen. */
export const LIVE_LIST_REFRESH_MS = 30_000;
/** How often a share link's page asks again (it has no socket: the visitor is not signed in). */
export const SHARED_REFRESH_MS = 5_000;

/**
 * Every live query key, generic to specific: `['live']`, `['live','now']`, `['live','now','event',eventId]`,
 * `['live','session',id]`, `['live','shared',token]`, `['live','members',search]`. An event's list sits under
 * `['live','now']`, so whatever keeps the lists of who is live current reaches it too.
 */
export const liveKeys = {
  all: ['live'] as const,
  now: () => [...liveKeys.all, 'now'] as const,
  event: (eventId: number) => [...liveKeys.now(), 'event', eventId] as const,
  session: (liveId: number) => [...liveKeys.all, 'session', liveId] as const,
  shared: (token: string) => [...liveKeys.all, 'shared', token] as const,
  members: (search: string) => [...liveKeys.all, 'members', search] as const,
};

/** `GET /api/live`: the member's own session, if any, and the sessions they may watch now; refreshed every 30 s. */
export const liveNowQuery = queryOptions({
  queryKey: liveKeys.now(),
  queryFn: ({ signal }) => api.get(liveNow, 'live', { signal }).then((r) => r.data),
  refetchInterval: LIVE_LIST_REFRESH_MS,
  meta: { silent: true },
});

/** `GET /api/live?eventId=`: the sessions shared with one event that the member may watch; refreshed every 30 s. */
export const eventLiveQuery = (eventId: number) =>
  queryOptions({
    queryKey: liveKeys.event(eventId),
    queryFn: ({ signal }) => api.get(liveNow, 'live', { searchParams: { eventId }, signal }).then((r) => r.data),
    refetchInterval: LIVE_LIST_REFRESH_MS,
    // A part of the event's page: when it cannot be had, the page goes on without it.
    meta: { silent: true },
  });

/** `GET /api/live/:liveId`: one session to watch; a 404 (ended, or not theirs to see) is the page's own message. */
export const liveSessionQuery = (liveId: number) =>
  queryOptions({
    queryKey: liveKeys.session(liveId),
    queryFn: ({ signal }) => api.get(liveSession, `live/${liveId}`, { signal }).then((r) => r.data),
    // The socket keeps it current; asking again would only replace the track with the same one.
    staleTime: Infinity,
    meta: { silent: true },
  });

/** `GET /api/live/shared/:token`: what a share link shows, asked every 5 s (sent without sign-in when there is none). */
export const sharedLiveQuery = (token: string) =>
  queryOptions({
    queryKey: liveKeys.shared(token),
    queryFn: ({ signal }) => api.get(sharedLive, `live/shared/${encodeURIComponent(token)}`, { signal }).then((r) => r.data),
    refetchInterval: (query) => (query.state.status === 'error' ? false : SHARED_REFRESH_MS),
    meta: { silent: true },
  });

/** `GET /api/selectMembers`: page 1 of the members the viewer may choose (their followers and those they follow). */
export const liveMembersQuery = (search: string) =>
  queryOptions({
    queryKey: liveKeys.members(search),
    queryFn: ({ signal }) => api.get(memberList, 'selectMembers', { searchParams: { search }, signal }).then((r) => r.data.list),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    meta: { silent: true },
  });

export type LiveStopBody = z.input<typeof liveStopBody>;

/** `POST /api/live`: start sharing; answers the own session and the server's message. */
export const startLive = (body: LiveStartBody) => api.post(ownLiveSession, 'live', body);
/** `POST /api/live/:liveId/positions`: a batch by HTTP, when the socket is not open or did not answer. */
export const sendPositions = (liveId: number, points: LivePoint[]) => api.post(livePositionsAck, `live/${liveId}/positions`, { points }).then((r) => r.data);
/** `POST /api/live/:liveId/state`: pause or resume. */
export const setLiveState = (liveId: number, status: 'live' | 'paused') => api.post(ownLiveSession, `live/${liveId}/state`, { status }).then((r) => r.data);
/** `POST /api/live/:liveId/ok`: "I'm OK", the answer to the check. */
export const answerCheck = (liveId: number, expectedReturnAt?: string | null) =>
  api.post(ownLiveSession, `live/${liveId}/ok`, expectedReturnAt === undefined ? {} : { expectedReturnAt }).then((r) => r.data);
/** `POST /api/live/:liveId/stop`: end it, saved as an activity or not. */
export const stopLive = (liveId: number, body: LiveStopBody) => api.post(liveStopped, `live/${liveId}/stop`, body);
/** `PUT /api/live/:liveId/people`: who may watch, as the sharer now wants it. */
export const setLivePeople = (liveId: number, body: { watcherIds: number[]; contactIds: number[] }) => api.put(ownLiveSession, `live/${liveId}/people`, body).then((r) => r.data);
/** `POST /api/live/:liveId/links`: a link for an e-mail contact; its address comes back this once. */
export const makeLiveLink = (liveId: number, email: string) => api.post(liveLinkMade, `live/${liveId}/links`, { email }).then((r) => r.data);
/** `DELETE /api/live/:liveId/links/:linkId`: the link stops working. */
export const revokeLiveLink = (liveId: number, linkId: number) => api.delete(ownLiveSession, `live/${liveId}/links/${linkId}`).then((r) => r.data);
