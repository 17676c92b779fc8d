import type { QueryClient } from '@tanstack/react-query';
import { messages } from '../../lib/messages';
import { sessionStore } from '../../lib/session-store';
import { toast } from '../../lib/toast';

/**
 * Spec §4: sign-out, or any 401, clears storage, resets every cached answer (nothing of one member may show to
 * the next) and goes to sign-in.
 */
export function createSessionEnder(queryClient: QueryClient, goToLogin: () => void) {
  return function endSession(reason: 'signedOut' | 'expired') {
    const wasSignedIn = sessionStore.isSignedIn();
    sessionStore.clear();
    queryClient.clear();
    if (reason === 'expired' && wasSignedIn) toast.message(messages.auth.sessionEnded);
    if (reason === 'signedOut') toast.success(messages.auth.signedOut);
    goToLogin();
  };
}
