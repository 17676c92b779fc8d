import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PageSpinner } from './components/ui/spinner';
import { RouteError } from './features/shell/components/route-error';
import type { sessionStore } from './lib/session-store';
import { routeTree } from './routeTree.gen';

// Loaded when first needed: a mistyped address is rare, and its page would otherwise ride on every first load (P1).
const PageNotFound = lazyRouteComponent(() => import('./features/public-pages/components/page-not-found'), 'PageNotFound');

export type RouterContext = { queryClient: QueryClient; session: typeof sessionStore };

/** The app's router; `history` is the browser's unless given (prerendering gives one address in memory). */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: 150,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: PageNotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
