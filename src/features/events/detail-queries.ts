import { infiniteQueryOptions, queryOptions, type QueryKey } from '@tanstack/react-query';
import { eventPeople, PEOPLE_LISTS } from '#contract/events';
import { memberList, type MemberCard } from '#contract/social';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';
import { eventKeys } from './api';

export type PeopleList = (typeof PEOPLE_LISTS)[number];
type People = z.infer<typeof eventPeople>;

/** `GET /api/challenge/people`: who is going, interested or waiting (the waitlist in its order), paged. */
export const eventPeopleQuery = (challengeId: number, list: PeopleList) =>
  infiniteQueryOptions<People, Error, Pages<People>, QueryKey, PageParam>({
    queryKey: eventKeys.people(challengeId, list),
    queryFn: ({ pageParam, signal }) =>
      api.get(eventPeople, 'challenge/people', { searchParams: { challengeId, list, ...pageSearchParams(pageParam) }, signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
    // The dialog says so in place, with a Try again.
    meta: { silent: true },
  });

/**
 * `GET /api/selectMembers`: page 1 of the members the organiser may invite, for what was typed (their followers and
 * the people they follow first). Ranked by match, so the first page is the one that matters.
 */
export const invitableMembersQuery = (search: string) =>
  queryOptions<MemberCard[], Error, MemberCard[], QueryKey>({
    queryKey: [...eventKeys.all, 'invitable', search],
    queryFn: ({ signal }) => api.get(memberList, 'selectMembers', { searchParams: { search }, signal }).then((r) => r.data.list),
    // While the next answer loads, the last list stays (ticks and all) rather than flashing a spinner.
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    meta: { silent: true },
  });
