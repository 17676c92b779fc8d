import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationBadge } from '#contract/notifications';
import type { LiveMessage } from '#contract/realtime';
import { liveSocket } from '../../lib/live-socket';
import { sessionStore } from '../../lib/session-store';
import { useSessionActions } from '../auth/session-context';
import { mergeNotification, notificationKeys, requestsSummaryKey } from './api';

/**
 * What another area keeps current from the live connection, its own cache only (the follow lists, the invitations
 * to co-host): told each pushed message once the notifications and the badge are written, with the badge as it was
 * before the message. The signed-in layout is given them where the app is put together (src/routes/_main/route.tsx),
 * so this area never reaches into theirs.
 */
export type LiveHandler = (queryClient: QueryClient, message: LiveMessage, badgeBefore: NotificationBadge | undefined) => void;

function setBadge(queryClient: QueryClient, badge: NotificationBadge) {
  const before = queryClient.getQueryData<NotificationBadge>(notificationKeys.badge());
  queryClient.setQueryData(notificationKeys.badge(), badge);
  return before;
}

/** What one pushed message changes in the cache; every screen showing that data follows. */
export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage, handlers: readonly LiveHandler[]) {
  let badgeBefore: NotificationBadge | undefined;
  switch (message.type) {
    case 'notification': {
      if (!mergeNotification(queryClient, message.notification)) void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      badgeBefore = setBadge(queryClient, message.badge);
      if (message.notification.kind === 'follow_request') void queryClient.invalidateQueries({ queryKey: requestsSummaryKey });
      break;
    }
    case 'badge': {
      badgeBefore = setBadge(queryClient, message.badge);
      // A badge without a new notification: some were read on another device or went away with what they were about
      // (a deleted comment or post), so the list cached is not the server's any more.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      // A request withdrawn, or answered on another device: the waiting requests are not what is cached.
      if (badgeBefore && badgeBefore.newFollowerRequestCount !== message.badge.newFollowerRequestCount) {
        void queryClient.invalidateQueries({ queryKey: requestsSummaryKey });
      }
      break;
    }
  }
  for (const handler of handlers) handler(queryClient, message, badgeBefore);
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
 * The signed-in session's live connection, mounted once in the signed-in layout: pushed messages go into the cache
 * (the notifications' here, the other areas' through `handlers`, which must not change between renders), and a
 * session the server ended (sign-out elsewhere, password reset) signs this browser out as a 401 does.
 */
export function useLiveUpdates(handlers: readonly LiveHandler[]) {
  const queryClient = useQueryClient();
  const { endSession } = useSessionActions();
  useEffect(
    () =>
      liveSocket.listen({
        onMessage: (message) => applyLiveMessage(queryClient, message, handlers),
        onReconnect: () => refreshAfterGap(queryClient),
        onSessionEnded: () => endSessionOnceSettled(queryClient, endSession),
      }),
    [queryClient, endSession, handlers],
  );
}
