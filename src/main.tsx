import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSessionEnder } from './features/auth/end-session';
import { SessionProvider } from './features/auth/session-context';
import { createQueryClient } from './lib/query-client';
import { sessionStore } from './lib/session-store';
import { followSystemTheme } from './lib/theme';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient(() => endSession('expired'));
const router = createAppRouter({ queryClient, session: sessionStore });
const endSession = createSessionEnder(queryClient, () => void router.navigate({ to: '/auth/login' }));

// A session that starts or ends (here or in another tab) re-runs the route guards.
sessionStore.subscribe(() => void router.invalidate());
followSystemTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider endSession={endSession}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
