import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { ToasterHost } from '../components/toaster-host';
import { createSessionEnder, type EndSessionReason } from '../features/auth/end-session';
import { SessionProvider } from '../features/auth/session-context';
import { createQueryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session-store';

/**
 * Renders `ui` at `path` inside the app's real providers: a fresh QueryClient (no retries) with the app's error
 * handling, the session context, a memory router, and the toaster. Any other path renders its name, so a test can
 * see where a navigation went.
 */
export async function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const ended: string[] = [];
  const queryClient = createQueryClient(() => endSession('expired'));
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToasterHost />
      </>
    ),
  });
  const testRoute = createRoute({ getParentRoute: () => rootRoute, path, component: () => <>{ui}</> });
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Elsewhere() {
      return <p data-testid="location">{router.state.location.pathname}</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([testRoute, elsewhere]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, session: sessionStore },
  });
  const endReal = createSessionEnder(queryClient, () => router.navigate({ to: '/auth/login' as never, ignoreBlocker: true }));
  function endSession(reason: EndSessionReason) {
    ended.push(reason);
    endReal(reason);
  }
  await router.load();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider endSession={endSession}>
        <RouterProvider router={router as never} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, ended };
}

/** Pages read the profile with a suspense query; the route loader is not part of a component test. */
export const withSuspense = (ui: ReactNode) => <Suspense fallback={<p>Loading the page</p>}>{ui}</Suspense>;
