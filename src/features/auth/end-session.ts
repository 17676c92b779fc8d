import type { QueryClient } from '@tanstack/react-query';
import { sessionMessages } from '../../lib/session-messages';
import { sessionStore } from '../../lib/session-store';
import { toast } from '../../lib/toast';

export type EndSessionReason = 'signedOut' | 'expired' | 'deleted';

/**
 * Stops every query from starting (a screen still on the page re-rendering, or making a query anew after the cache
 * was emptied, waits instead) until the returned function is called: for the moment between a session ending and the
 * signed-in screens being gone, when any request would carry a dead token (or none) and answer 401.
 */
function holdQueries(queryClient: QueryClient) {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, enabled: false } });
  return () => queryClient.setDefaultOptions(defaults);
}

/** The next browser task: by then React has committed what the navigation rendered. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Spec §4: sign-out, or any 401, clears storage, resets every cached answer (nothing of one member may show to
 * the next) and goes to sign-in. `deleted`: the same after the member deleted their account.
 *
 * Nothing may go out with the dying token, or with none, on the way: queries are held and those in flight called off
 * before the token goes (the live socket, which follows the session store, closes with it). The cache is emptied once
 * the sign-in page has replaced the signed-in screens: emptied while they were still on the page, they would ask
 * again for what it lost (and get a 401). Then queries may run again. A second ending while one is under way (a 401
 * racing the sign-out) is the same ending.
 */
export function createSessionEnder(queryClient: QueryClient, goToLogin: () => Promise<unknown>) {
  let ending = false;
  return function endSession(reason: EndSessionReason) {
    if (ending) return;
    ending = true;
    const wasSignedIn = sessionStore.isSignedIn();
    const release = holdQueries(queryClient);
    void queryClient.cancelQueries();
    sessionStore.clear();
    if (reason === 'expired' && wasSignedIn) toast.message(sessionMessages.sessionEnded);
    if (reason === 'signedOut') toast.success(sessionMessages.signedOut);
    if (reason === 'deleted') toast.success(sessionMessages.accountDeleted);
    void goToLogin()
      .then(nextTask)
      .finally(() => {
        queryClient.clear();
        release();
        ending = false;
      });
  };
}
