import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationBadge } from '#contract/notifications';
import type { LiveMessage } from '#contract/realtime';
import { liveSocket } from '../../lib/live-socket';
import { sessionStore } from '../../lib/session-store';
import { useSessionActions } from '../auth/session-context';
import { cohostInvitesQuery } from '../events/detail-queries';
import { requestsSummaryKey, socialKeys } from '../social/api';
import { patchRelationship } from '../social/relationship-cache';
import { notificationKeys, prependNotification } from './api';

function setBadge(queryClient: QueryClient, badge: NotificationBadge) {
  const before = queryClient.getQueryData<NotificationBadge>(notificationKeys.badge());
  queryClient.setQueryData(notificationKeys.badge(), badge);
  return before;
}

function refreshFollowRequests(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: socialKeys.followListsOf('requests') });
  void queryClient.invalidateQueries({ queryKey: requestsSummaryKey });
}

/** What one pushed message changes in the cache; every screen showing that data follows. */
export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage) {
  switch (message.type) {
    case 'notification': {
      prependNotification(queryClient, message.notification);
      setBadge(queryClient, message.badge);
      if (message.notification.kind === 'follow_request') refreshFollowRequests(queryClient);
      // An accepted request opens a private profile to the viewer: it must be asked for again.
      if (message.notification.kind === 'request_accepted') void queryClient.invalidateQueries({ queryKey: [...socialKeys.all, 'member'] });
      // An event notification may be an invitation to co-host, answered from the top of the notifications screen.
      if (message.notification.kind === 'events') void queryClient.invalidateQueries({ queryKey: cohostInvitesQuery.queryKey });
      return;
    }
    case 'badge': {
      const before = setBadge(queryClient, message.badge);
      // A badge without a new notification: some were read on another device or went away with what they were about
      // (a deleted comment or post), so the list cached is not the server's any more.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      // Among them, maybe an invitation to co-host that its organiser withdrew.
      void queryClient.invalidateQueries({ queryKey: cohostInvitesQuery.queryKey });
      // A request withdrawn, or answered on another device: the waiting list is not what is cached.
      if (before && before.newFollowerRequestCount !== message.badge.newFollowerRequestCount) refreshFollowRequests(queryClient);
      return;
    }
    case 'relationship':
      patchRelationship(queryClient, message.relationship);
      return;
  }
}

/** After a drop, whatever was pushed meanwhile is lost: ask again for what the socket keeps current. */
export function refreshAfterGap(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.badge() });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  void queryClient.invalidateQueries({ queryKey: requestsSummaryKey });
}

/**
 * Ends the session as a 401 does, unless this device is ending it itself: signing out and deleting the account end
 * the session on the server first, so its close can beat their answer. Waiting for every mutation to settle lets
 * those say their own goodbye ("You are signed out.") instead of "Your session has ended".
 */
function endSessionOnceSettled(queryClient: QueryClient, endSession: (reason: 'expired') => void) {
  const token = sessionStore.getSnapshot().token;
  const run = () => {
    if (token !== null && sessionStore.getSnapshot().token === token) endSession('expired');
  };
  if (queryClient.isMutating() === 0) return run();
  const stop = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating() > 0) return;
    stop();
    // The cache hears of the settled mutation before its caller does: let the caller end the session its own way.
    setTimeout(run, 0);
  });
}

/**
 * The signed-in session's live connection, mounted once in the signed-in layout: pushed messages go into the cache,
 * and a session the server ended (sign-out elsewhere, password reset) signs this browser out as a 401 does.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const { endSession } = useSessionActions();
  useEffect(
    () =>
      liveSocket.listen({
        onMessage: (message) => applyLiveMessage(queryClient, message),
        onReconnect: () => refreshAfterGap(queryClient),
        onSessionEnded: () => endSessionOnceSettled(queryClient, endSession),
      }),
    [queryClient, endSession],
  );
}
