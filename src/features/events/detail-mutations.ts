import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Event } from '#contract/events';
import { toast } from '../../lib/toast';
import { notificationKeys } from '../notifications/api';
import { acceptCohost, cancelEvent, declineCohost, deleteEvent, eventKeys, inviteMembers, publishEvent } from './api';
import { cohostInvitesQuery } from './detail-queries';
import { removeEvent, replaceEvent } from './event-cache';

/** The organiser's actions on the event page, and their words (spec §8 has none for these). */
export const detailWords = {
  cancelled: 'Event cancelled. Everyone going or interested has been told.',
  deleted: 'Event deleted.',
  invited: (n: number) => `Invitation sent to ${n} ${n === 1 ? 'member' : 'members'}.`,
  nobodyNew: 'They were already invited.',
  linkCopied: 'Link copied. Share it with anyone who can see this event.',
} as const;

/**
 * `POST /api/challenge/cancel` (organiser only): answers the event, now cancelled, which replaces it everywhere it
 * is cached; lists refresh on their next visit, as a cancelled event may leave some of them.
 */
export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...eventKeys.all, 'cancel'],
    mutationFn: cancelEvent,
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
    mutationFn: deleteEvent,
    onSuccess: async (_answer, challengeId) => {
      toast.success(detailWords.deleted);
      await leave?.();
      removeEvent(queryClient, challengeId);
    },
  });
}

/**
 * `POST /api/challenge/member/invite`: each member invited gets a notification; the toast says how many. A refusal
 * (someone not connected, the daily cap) is shown in the dialog, which stays open with the members chosen.
 */
export function useInviteMembers() {
  return useMutation({
    mutationKey: [...eventKeys.all, 'invite'],
    meta: { silent: true },
    mutationFn: inviteMembers,
    onSuccess: ({ invited: ids }) => (ids.length > 0 ? toast.success(detailWords.invited(ids.length)) : toast.message(detailWords.nobodyNew)),
  });
}

/** An event as the server now answers it, everywhere it is cached; the lists refresh, as it may have moved between them. */
function settle(queryClient: QueryClient, saved: Event) {
  replaceEvent(queryClient, saved);
  queryClient.setQueryData(eventKeys.detail(saved.id), saved);
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
}

/**
 * `POST /api/challenge/publish` (organiser and co-hosts): the draft goes out as it stands; the toast is the server's
 * (spec §8: 'Event Created Successfully'). A refusal (a start already past) is shown beside the button.
 */
export function usePublishEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...eventKeys.all, 'publish'],
    meta: { silent: true },
    mutationFn: publishEvent,
    onSuccess: ({ data, message }) => {
      settle(queryClient, data);
      toast.success(message);
    },
  });
}

/** After an answer to a co-host invitation: the invitations, and the notification it marked read, load again. */
function afterAnswer(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: cohostInvitesQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** `POST /api/challenge/cohost/accept`: the member co-hosts the event from now on (and may edit it). */
export function useAcceptCohost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...eventKeys.all, 'cohost-accept'],
    mutationFn: acceptCohost,
    onSuccess: ({ data, message }) => {
      settle(queryClient, data);
      afterAnswer(queryClient);
      toast.success(message);
    },
  });
}

/**
 * `POST /api/challenge/cohost/decline`: the invitation goes. The event comes back as the member now sees it, or not at
 * all when only the invitation let them see it (a draft): then it leaves every cache, after `leave` (its own page
 * goes elsewhere first, so it never flashes a not-found).
 */
export function useDeclineCohost(leave?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...eventKeys.all, 'cohost-decline'],
    mutationFn: declineCohost,
    onSuccess: async ({ data, message }, challengeId) => {
      afterAnswer(queryClient);
      toast.success(message);
      if (data.event) return settle(queryClient, data.event);
      await leave?.();
      removeEvent(queryClient, challengeId);
    },
  });
}
