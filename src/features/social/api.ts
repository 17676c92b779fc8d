import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { memberList, memberProfile, relationship, type MemberList } from '#contract/social';
import { api } from '../../lib/api-client';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';

export type FollowListKind = 'followers' | 'following' | 'requests';
export type MemberFollowKind = Exclude<FollowListKind, 'requests'>;
export type MembersFilter = { search: string; sportId: number | undefined };
/** The viewer's moderation lists (issue 20): members they blocked, members they muted. */
export type ModerationListKind = 'blocked' | 'muted';

/**
 * Every social query key, generic to specific: `['social']`, `['social','members',{search,sportId}]`,
 * `['social',kind,search]` (follow and moderation lists), `['social','member',handleName]`. The relationship cache
 * (and so the live socket's relationship messages, follow-live-updates.ts) relies on these shapes.
 */
export const socialKeys = {
  all: ['social'] as const,
  members: (filter: MembersFilter) => [...socialKeys.all, 'members', filter] as const,
  followList: (kind: FollowListKind, search: string) => [...socialKeys.all, kind, search] as const,
  followListsOf: (kind: FollowListKind) => [...socialKeys.all, kind] as const,
  member: (handleName: string) => [...socialKeys.all, 'member', handleName] as const,
  // Apart from the viewer's own lists (followList): removing one of your followers must not touch someone else's list.
  memberFollows: (userId: number, kind: MemberFollowKind, search: string) => [...socialKeys.all, 'memberFollows', userId, kind, search] as const,
  // Under `all` like the follow lists, so a block or mute patches their rows wherever the member shows.
  moderationList: (kind: ModerationListKind, search: string) => [...socialKeys.all, kind, search] as const,
  moderationListsOf: (kind: ModerationListKind) => [...socialKeys.all, kind] as const,
};

const FOLLOW_LIST_PATHS: Record<FollowListKind, string> = {
  followers: 'follower',
  following: 'following',
  requests: 'followerRequest',
};

export type MemberPages = Pages<MemberList>;

/** One paged member list: page 1 replaces, later pages append. */
export function memberPages(queryKey: QueryKey, path: string, params: Record<string, string | number | undefined>) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return infiniteQueryOptions<MemberList, Error, MemberPages, QueryKey, PageParam>({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get(memberList, path, { searchParams: { ...searchParams, ...pageSearchParams(pageParam) }, signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
    // While the member types, the last answer stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
export type MemberPagesQuery = ReturnType<typeof memberPages>;

/** `GET /api/user/all`: members by name, handle or sport (the server folds accents and case). */
export const membersQuery = (filter: MembersFilter) =>
  memberPages(socialKeys.members(filter), 'user/all', { search: filter.search, sportId: filter.sportId });

/** `GET /api/follower`, `/api/following`, `/api/followerRequest`. */
export const followListQuery = (kind: FollowListKind, search: string) =>
  memberPages(socialKeys.followList(kind, search), FOLLOW_LIST_PATHS[kind], { search });

/** `GET /api/follower?userId=`, `/api/following?userId=`: another member's lists (403 while their profile is closed to the viewer). */
export const memberFollowListQuery = (userId: number, kind: MemberFollowKind, search: string) =>
  memberPages(socialKeys.memberFollows(userId, kind, search), FOLLOW_LIST_PATHS[kind], { search, userId });

/**
 * `GET /api/user-profile?handleName=`: another member's profile. A 404 is the page's not-found state, not a toast.
 */
export const memberProfileQuery = (handleName: string) =>
  queryOptions({
    queryKey: socialKeys.member(handleName),
    queryFn: ({ signal }) => api.get(memberProfile, 'user-profile', { searchParams: { handleName }, signal }).then((r) => r.data),
    meta: { silent: true },
  });

/** `POST /api/follow` (a follow, or a request to a private member) or `POST /api/unFollow` (unfollow, or withdraw a request); answers the relationship. */
export const sendFollow = (userId: number, wantsEdge: boolean) => api.post(relationship, wantsEdge ? 'follow' : 'unFollow', { userId }).then((r) => r.data);

/** `POST /api/follower/remove`: answers the relationship. */
export const removeFollower = (userId: number) => api.post(relationship, 'follower/remove', { userId }).then((r) => r.data);

/** `POST /api/follow/accept`: answers the relationship. */
export const acceptFollowRequest = (userId: number) => api.post(relationship, 'follow/accept', { userId }).then((r) => r.data);

/** `DELETE /api/deleteFollowRequest`: answers the relationship. */
export const declineFollowRequest = (userId: number) => api.delete(relationship, 'deleteFollowRequest', { userId }).then((r) => r.data);
