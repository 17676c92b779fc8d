import type { QueryClient } from '@tanstack/react-query';
import { createContext, use } from 'react';
import type { Relationship } from '#contract/social';
import { messages } from '../../lib/messages';
import { sendAsMutation, useOptimisticToggle } from '../../lib/optimistic-toggle';
import { toast } from '../../lib/toast';
import { profileKeys } from '../profile/api';
import { sendFollow, socialKeys } from './api';
import { patchRelationship, refreshPrivateProfile } from './relationship-cache';

/** A member as a follow button sees them: the relationship plus whether their profile is private. */
export type FollowTarget = Relationship & { handleName: string; isPrivate: boolean };

/** Just the relationship fields of a card or profile (they carry more). */
export const relationshipOf = (m: Relationship): Relationship => ({
  userId: m.userId,
  isFollowing: m.isFollowing,
  isRequested: m.isRequested,
  isFollowedBy: m.isFollowedBy,
  isBlocked: m.isBlocked,
  isMuted: m.isMuted,
});

/**
 * What another area does once a follow, block or mute settles on the server's answer (`before`: the relationship before
 * the clicks); each effect looks for the change it cares about.
 */
export type FollowSettledEffect = (queryClient: QueryClient, rel: Relationship, before: Relationship) => void;

/**
 * The other areas' follow effects (spec §4: the events list marks an organiser's events Requested while a request to
 * them waits), given once for the whole signed-in app where it is put together (src/routes/_main/route.tsx), so this
 * area never reaches into theirs. A constant list: the toggle takes the one it first meets.
 */
export const FollowSettledEffects = createContext<readonly FollowSettledEffect[]>([]);

/** Whether the viewer wants an edge to this member (a follow, or a request to a private member). */
const wantsEdge = (rel: Relationship) => rel.isFollowing || rel.isRequested;

/**
 * Follow, request, withdraw and unfollow through the one optimistic toggle: the new state shows everywhere the
 * member is cached at once (`patchRelationship`), and settles on the relationship the server answers.
 */
export function useFollowToggle() {
  const effects = use(FollowSettledEffects);
  const toggle = useOptimisticToggle<Relationship>('follow', (queryClient) => ({
    apply: (_key, rel) => patchRelationship(queryClient, rel, { optimistic: true }),
    send: (_key, wish) =>
      sendAsMutation(queryClient, [...socialKeys.all, 'follow'], () => sendFollow(wish.userId, wantsEdge(wish))),
    same: (a, b) => a.isFollowing === b.isFollowing && a.isRequested === b.isRequested,
    onSettled: (_key, rel, before) => {
      if (rel.isRequested && !before.isRequested) toast.success(messages.social.followRequestSent);
      for (const effect of effects) effect(queryClient, rel, before);
      if (rel.isFollowing !== before.isFollowing) {
        refreshPrivateProfile(queryClient, rel.userId);
        // The viewer's own following count; the following lists refresh on their next visit (a row does not vanish
        // under the pointer that just unfollowed it).
        void queryClient.invalidateQueries({ queryKey: profileKeys.summary() });
        void queryClient.invalidateQueries({ queryKey: socialKeys.followListsOf('following'), refetchType: 'none' });
      }
    },
  }));
  return {
    /** Follow a public member, or ask a private one. */
    follow: (m: FollowTarget) => {
      const current = relationshipOf(m);
      return toggle(`user:${m.userId}`, current, { ...current, isFollowing: !m.isPrivate, isRequested: m.isPrivate });
    },
    /** Unfollow, or withdraw a pending request. */
    unfollow: (m: FollowTarget) => {
      const current = relationshipOf(m);
      return toggle(`user:${m.userId}`, current, { ...current, isFollowing: false, isRequested: false });
    },
  };
}
