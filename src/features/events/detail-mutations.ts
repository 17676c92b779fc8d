import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emptyData } from '#contract/envelope';
import { event, invited } from '#contract/events';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { eventKeys } from './api';
import { removeEvent, replaceEvent } from './event-cache';

/** The organiser's actions on the event page, and their words (spec §8 has none for these). */
export const detailWords = {
  cancelled: 'Event cancelled. Everyone going or interested has been told.',
  deleted: 'Event deleted.',
  invited: (n: number) => `Invitation sent to ${n} ${n === 1 ? 'member' : 'members'}.`,
  nobodyNew: 'They were already invited.',
  linkCopied: 'Link copied. Share it with anyone who can see this event.',
  linkNotCopied: 'The link could not be copied. Copy it from the address bar instead.',
} as const;

/**
 * `POST /api/challenge/cancel` (organiser only): answers the event, now cancelled, which replaces it everywhere it
 * is cached; lists refresh on their next visit, as a cancelled event may leave some of them.
 */
export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...eventKeys.all, 'cancel'],
    mutationFn: (challengeId: number) => api.post(event, 'challenge/cancel', { challengeId }).then((r) => r.data),
    onSuccess: (cancelled) => {
      replaceEvent(queryClient, cancelled);
      toast.success(detailWords.cancelled);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists(), refetchType: 'none' });
    },
  });
}

/**
 * `DELETE /api/challenge` (organiser only). `leave` runs first when the screen showing the event must go elsewhere
 * (its own page), so it never flashes a not-found before the event leaves every cached list.
 */
export function useDeleteEvent(leave?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...eventKeys.all, 'delete'],
    mutationFn: (challengeId: number) => api.delete(emptyData, 'challenge', { challengeId }),
    onSuccess: async (_answer, challengeId) => {
      toast.success(detailWords.deleted);
      await leave?.();
      removeEvent(queryClient, challengeId);
    },
  });
}

/** `POST /api/challenge/member/invite`: each member invited gets a notification; the toast says how many. */
export function useInviteMembers() {
  return useMutation({
    mutationKey: [...eventKeys.all, 'invite'],
    mutationFn: ({ challengeId, userIds }: { challengeId: number; userIds: number[] }) =>
      api.post(invited, 'challenge/member/invite', { challengeId, userIds }).then((r) => r.data),
    onSuccess: ({ invited: ids }) => (ids.length > 0 ? toast.success(detailWords.invited(ids.length)) : toast.message(detailWords.nobodyNew)),
  });
}
