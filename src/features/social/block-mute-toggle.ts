import type { QueryClient } from '@tanstack/react-query';
import { use } from 'react';
import type { ModerationKind } from '#contract/moderation';
import type { MemberProfile, Relationship } from '#contract/social';
import type { ApiResult } from '../../lib/api-client';
import { sendAsMutation, useOptimisticToggle, type ToggleSpec } from '../../lib/optimistic-toggle';
import { toast } from '../../lib/toast';
import { notificationKeys, requestsSummaryKey } from '../notifications/api';
import { profileKeys } from '../profile/api';
import { socialKeys } from './api';
import { FollowSettledEffects, relationshipOf, type FollowSettledEffect } from './follow-toggle';
import { patchRelationship } from './relationship-cache';
import { sendBlock, sendMute } from './moderation-api';

const SEND: Record<ModerationKind, (userId: number) => Promise<ApiResult<Relationship>>> = { block: sendBlock, mute: sendMute };
const LIST: Record<ModerationKind, 'blocked' | 'muted'> = { block: 'blocked', mute: 'muted' };

/**
 * A block ends the follows both ways and closes the member's profile: their profile is asked for again (its counts
 * and content), and so are the lists and counts that held either follow. The moderation lists are left out: an
 * unblocked row stays where it is, to be blocked again.
 */
function refreshAfterBlock(queryClient: QueryClient, userId: number) {
  void queryClient.invalidateQueries({
    queryKey: socialKeys.all,
    predicate: (query) => {
      const kind = query.queryKey[1];
      if (kind === 'member') return (query.state.data as MemberProfile | undefined)?.userId === userId;
      return kind !== 'blocked' && kind !== 'muted';
    },
  });
  void queryClient.invalidateQueries({ queryKey: profileKeys.summary() });
}

function specOf(queryClient: QueryClient, kind: ModerationKind, effects: readonly FollowSettledEffect[]): ToggleSpec<Relationship> {
  // The server's sentence ("Jonas Berg is blocked now.") of the latest answer per member, shown once the clicks settle.
  const said = new Map<string, string>();
  return {
    apply: (_key, rel) => patchRelationship(queryClient, rel, { optimistic: true }),
    // Both endpoints flip whatever the server holds: that suits the one optimistic toggle, which sends once per click
    // burst and again only when the latest wish differs from the server's answer.
    send: async (key, wish) => {
      const { message, data } = await sendAsMutation(queryClient, [...socialKeys.all, kind], () => SEND[kind](wish.userId));
      said.set(key, message);
      return data;
    },
    same: kind === 'block' ? (a, b) => a.isBlocked === b.isBlocked : (a, b) => a.isMuted === b.isMuted,
    onSettled: (key, rel, before) => {
      const message = said.get(key);
      said.delete(key);
      if (message) toast.success(message);
      // The other areas' caches (posts, events), wired where the signed-in app is put together.
      for (const effect of effects) effect(queryClient, rel, before);
      if (kind === 'block' && rel.isBlocked !== before.isBlocked) refreshAfterBlock(queryClient, rel.userId);
      // Blocked and muted members' notifications leave the list and the badge (and a follow request goes with a block).
      for (const queryKey of [notificationKeys.list(), notificationKeys.badge(), requestsSummaryKey]) void queryClient.invalidateQueries({ queryKey });
      // The list shows its new members on the next visit; a row just toggled stays under the pointer meanwhile.
      void queryClient.invalidateQueries({ queryKey: socialKeys.moderationListsOf(LIST[kind]), refetchType: 'none' });
    },
  };
}

/**
 * Block, unblock, mute and unmute through the one optimistic toggle: the new state shows everywhere the member is
 * cached at once (`patchRelationship`), settles on the relationship the server answers, and then shows the server's
 * sentence. A failure puts the last answered state back; the mutation cache raises its one failure toast.
 */
export function useBlockMuteToggle() {
  const effects = use(FollowSettledEffects);
  const blockToggle = useOptimisticToggle<Relationship>('block', (queryClient) => specOf(queryClient, 'block', effects));
  const muteToggle = useOptimisticToggle<Relationship>('mute', (queryClient) => specOf(queryClient, 'mute', effects));
  return {
    /** Blocks the member: at once, neither follows the other any more (the server ends both follows). */
    block: (m: Relationship) => {
      const current = relationshipOf(m);
      return blockToggle(`user:${m.userId}`, current, { ...current, isBlocked: true, isFollowing: false, isRequested: false, isFollowedBy: false });
    },
    unblock: (m: Relationship) => {
      const current = relationshipOf(m);
      return blockToggle(`user:${m.userId}`, current, { ...current, isBlocked: false });
    },
    mute: (m: Relationship) => {
      const current = relationshipOf(m);
      return muteToggle(`user:${m.userId}`, current, { ...current, isMuted: true });
    },
    unmute: (m: Relationship) => {
      const current = relationshipOf(m);
      return muteToggle(`user:${m.userId}`, current, { ...current, isMuted: false });
    },
  };
}
