import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { EndSessionReason } from './features/auth/end-session';
import { SessionProvider } from './features/auth/session-context';
import type { createAppRouter } from './router';

/** The whole app: one tree for the browser (main.tsx) and for prerendering a public page (prerender.tsx), so they match. */
export function AppRoot({
  queryClient,
  router,
  endSession,
  onMounted,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  endSession(reason: EndSessionReason): void;
  /** Once the tree is on screen and answering (after hydration too): the root's effect runs after every other. */
  onMounted?: (() => void) | undefined;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider endSession={endSession}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
