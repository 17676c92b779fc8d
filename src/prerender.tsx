import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppRoot } from './app-root';
import { createQueryClient } from './lib/query-client';
import { setPrerenderConfig, type RuntimeConfig } from './lib/runtime-config';
import { sessionStore } from './lib/session-store';
import { createAppRouter } from './router';

/**
 * Pages as HTML, from the same components and tree as the browser's (issue 23): built by `vite build --ssr` into
 * `dist-ssr/prerender.js`, which the server renders each page with when it starts (with its own public
 * configuration, which the page then carries), so the page paints before any script has run.
 * - The public pages (`PRERENDERED_PATHS`), signed out, whose markup the script takes over (`hydrateRoot` in main.tsx).
 * - The shells of the signed-in pages of the navigation (`SHELL_PATHS`): the frame with its navigation and the page
 *   as it looks while its data is on the way (each list's own loading state). Nobody's data is in them; the script
 *   draws the page afresh over the shell once the route's code is in (main.tsx).
 */
export const PRERENDERED_PATHS = ['/', '/about-us', '/app-terms-of-use', '/app-privacy-policy', '/contact-us', '/auth/login', '/auth/sign-up', '/auth/forgot-password'] as const;
/** The lists of the navigation; not `/profile`, which waits for the member's own profile before it shows anything. */
export const SHELL_PATHS = ['/feeds', '/shorts', '/events', '/activities', '/members', '/notifications'];
/** A page whose route still waits (a loader awaiting data that never comes here) fails rather than hang its requests. */
const LOAD_WITHIN_MS = 5000;

// Prerendering asks the API nothing: a loader's prefetch waits for a network that never comes, and the page shows
// what it shows while it waits.
onlineManager.setOnline(false);

/** The markup of `#root` for `path`: a public page, or a signed-in page's shell. */
export async function renderPage(path: string, config: RuntimeConfig): Promise<string> {
  setPrerenderConfig(config);
  const queryClient = createQueryClient(() => {});
  // A shell passes the signed-in guard; there is still no member in it (the session's snapshot is signed out).
  const session = SHELL_PATHS.includes(path) ? { ...sessionStore, isSignedIn: () => true } : sessionStore;
  const router = createAppRouter({ queryClient, session }, createMemoryHistory({ initialEntries: [path] }));
  await Promise.race([
    router.load(),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${path} did not load within ${LOAD_WITHIN_MS} ms`)), LOAD_WITHIN_MS).unref()),
  ]);
  return renderToString(<AppRoot queryClient={queryClient} router={router} endSession={() => {}} />);
}
