import type { QueryClient } from '@tanstack/react-query';
import { sessionMessages } from '../../lib/session-messages';
import { sessionStore } from '../../lib/session-store';
import { toast } from '../../lib/toast';

export type EndSessionReason = 'signedOut' | 'expired' | 'deleted';

/**
 * Spec §4: sign-out, or any 401, clears storage, resets every cached answer (nothing of one member may show to
 * the next) and goes to sign-in. `deleted`: the same after the member deleted their account.
 */
export function createSessionEnder(queryClient: QueryClient, goToLogin: () => void) {
  return function endSession(reason: EndSessionReason) {
    const wasSignedIn = sessionStore.isSignedIn();
    sessionStore.clear();
    queryClient.clear();
    if (reason === 'expired' && wasSignedIn) toast.message(sessionMessages.sessionEnded);
    if (reason === 'signedOut') toast.success(sessionMessages.signedOut);
    if (reason === 'deleted') toast.success(sessionMessages.accountDeleted);
    goToLogin();
  };
}
