import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MemberCard } from '#contract/social';
import { profileKeys } from '../profile/api';
import { notificationKeys, requestsSummaryKey } from '../notifications/api';
import {
  acceptFollowRequest,
  declineFollowRequest,
  removeFollower,
  socialKeys,
  type FollowListKind,
  type MemberPages,
} from './api';
import { patchRelationship } from './relationship-cache';

/** Drops one member from every cached page of a follow list (a removed follower, an answered request). */
function dropFromLists(queryClient: QueryClient, kind: FollowListKind, userId: number) {
  queryClient.setQueriesData<MemberPages>({ queryKey: socialKeys.followListsOf(kind) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => {
            const list = p.list.filter((m) => m.userId !== userId);
            return { ...p, list, total: Math.max(0, p.total - (p.list.length - list.length)) };
          }),
        }
      : data,
  );
}

/** `POST /api/follower/remove`: the row leaves the list; the profile's follower count changes. */
export function useRemoveFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeFollower(userId),
    onSuccess: (rel) => {
      patchRelationship(queryClient, rel);
      dropFromLists(queryClient, 'followers', rel.userId);
      void queryClient.invalidateQueries({ queryKey: profileKeys.summary() });
    },
  });
}

/** `POST /api/follow/accept` (spec §4: accept refreshes requests and profile). */
export function useAcceptRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MemberCard) => acceptFollowRequest(member.userId),
    onSuccess: (rel, member) => {
      remember(queryClient, member, 'accepted');
      // The answered row offers to follow back: it reads the new relationship.
      patchRelationship(queryClient, rel);
      dropFromLists(queryClient, 'requests', rel.userId);
      void queryClient.invalidateQueries({ queryKey: socialKeys.followListsOf('requests') });
      void queryClient.invalidateQueries({ queryKey: requestsSummaryKey });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.badge() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: socialKeys.followListsOf('followers') });
    },
  });
}

/** `DELETE /api/deleteFollowRequest` (spec §4: reject refreshes requests). */
export function useDeclineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MemberCard) => declineFollowRequest(member.userId),
    onSuccess: (rel, member) => {
      remember(queryClient, member, 'declined');
      patchRelationship(queryClient, rel);
      dropFromLists(queryClient, 'requests', rel.userId);
      void queryClient.invalidateQueries({ queryKey: socialKeys.followListsOf('requests') });
      void queryClient.invalidateQueries({ queryKey: requestsSummaryKey });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.badge() });
    },
  });
}

export type RequestAnswer = 'accepted' | 'declined';
export type AnsweredRequest = MemberCard & { answer: RequestAnswer };

/**
 * Requests answered on this screen, newest first. The waiting list refetches when the count changes (here or on
 * another device), which would drop an answered row at once; kept here, it stays in view saying what happened. A
 * one-page member list under the social root, so `patchRelationship` keeps its follow-back buttons current.
 */
export const answeredRequestsQuery = queryOptions({
  queryKey: [...socialKeys.all, 'answered'] as const,
  queryFn: (): { pages: { list: AnsweredRequest[] }[] } => ({ pages: [{ list: [] }] }),
  staleTime: Infinity,
});

function remember(queryClient: QueryClient, member: MemberCard, answer: RequestAnswer) {
  queryClient.setQueryData(answeredRequestsQuery.queryKey, (data) => ({
    pages: [{ list: [{ ...member, answer }, ...(data?.pages[0]?.list ?? []).filter((m) => m.userId !== member.userId)] }],
  }));
}

/** Forgets the answered rows when the screen is left: the next visit starts from the server. */
export function useForgetAnsweredRequests() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.removeQueries({ queryKey: answeredRequestsQuery.queryKey }), [queryClient]);
}
