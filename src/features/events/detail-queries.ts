import { infiniteQueryOptions, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { eventPeople, EventList, PEOPLE_LISTS } from '#contract/events';
import type { MemberCard } from '#contract/social';
import type * as z from 'zod/mini';
import { getNextPageParam, initialPageParam, type PageParam, type Pages } from '../../lib/paging';
import { eventKeys, getCohostInvites, getEventPeople, getInvitableMembers } from './api';

export type PeopleList = (typeof PEOPLE_LISTS)[number];
type People = z.infer<typeof eventPeople>;

/** `GET /api/challenge/people`: who is going, interested or waiting (the waitlist in its order), paged. */
export const eventPeopleQuery = (challengeId: number, list: PeopleList) =>
  infiniteQueryOptions<People, Error, Pages<People>, QueryKey, PageParam>({
    queryKey: eventKeys.people(challengeId, list),
    queryFn: ({ pageParam, signal }) => getEventPeople(challengeId, list, pageParam, signal),
    initialPageParam,
    getNextPageParam,
    // The dialog says so in place, with a Try again.
    meta: { silent: true },
  });

/**
 * `GET /api/selectMembers`: page 1 of the members the viewer may invite to an event or ask to co-host (their
 * followers and the members they follow, nobody else), for what was typed. Ranked by match, so the first page is
 * the one that matters. The co-host picker and the invite dialog both ask it.
 */
export const invitableMembersQuery = (search: string) =>
  queryOptions<MemberCard[], Error, MemberCard[], QueryKey>({
    queryKey: [...eventKeys.all, 'invitable', search],
    queryFn: ({ signal }) => getInvitableMembers(search, signal),
    // While the next answer loads, the last list stays (ticks and all) rather than flashing a spinner.
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    meta: { silent: true },
  });

/** `GET /api/challenge/cohost-invites`: the viewer's co-host invitations waiting for an answer (page 1: a handful at most). */
export const cohostInvitesQuery = queryOptions<EventList, Error, EventList, QueryKey>({
  queryKey: [...eventKeys.all, 'cohost-invites'],
  queryFn: ({ signal }) => getCohostInvites(signal),
  // Where it is shown, a failure shows nothing: the notifications themselves still say who asked.
  meta: { silent: true },
});
