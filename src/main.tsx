import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { EndSessionReason } from './features/auth/end-session';
import { SessionProvider } from './features/auth/session-context';
import { createQueryClient } from './lib/query-client';
import { reloadOnStaleChunks } from './lib/reload-for-new-build';
import { sessionStore } from './lib/session-store';
import { followSystemTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient(() => endSession('expired'));
const router = createAppRouter({ queryClient, session: sessionStore });
// Ending a session needs its code only once there is a session to end (the sign-in page's first load does without
// it, check P1): it loads when a session starts, or at start-up with one, so that signing out works offline too.
let sessionEnder: Promise<(reason: EndSessionReason) => void> | undefined;
const loadSessionEnder = () =>
  (sessionEnder ??= import('./features/auth/end-session').then(({ createSessionEnder }) =>
    // The session is gone: an unsaved-changes question could only keep a signed-out member on a form that cannot save.
    createSessionEnder(queryClient, () => router.navigate({ to: '/auth/login', ignoreBlocker: true })),
  ));
const endSession = (reason: EndSessionReason) => void loadSessionEnder().then((end) => end(reason));
const loadWithSession = () => void (sessionStore.isSignedIn() && loadSessionEnder());
loadWithSession();
sessionStore.subscribe(loadWithSession);

// A session that starts or ends (here or in another tab) re-runs the route guards.
sessionStore.subscribe(() => void router.invalidate());
followSystemTheme();
reloadOnStaleChunks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider endSession={endSession}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
