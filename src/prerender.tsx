import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppRoot } from './app-root';
import { createQueryClient } from './lib/query-client';
import { setPrerenderConfig, type RuntimeConfig } from './lib/runtime-config';
import { sessionStore } from './lib/session-store';
import { createAppRouter } from './router';

/**
 * The public pages as HTML, from the same components and tree as the browser's (issue 23): built by
 * `vite build --ssr` into `dist-ssr/prerender.js`, which the server renders each page with when it starts (with
 * its own public configuration, which the page then carries), so the page paints before any script has run, and the
 * script takes over that markup (`hydrateRoot` in main.tsx). Nobody is signed in here.
 */
export const PRERENDERED_PATHS = ['/', '/about-us', '/app-terms-of-use', '/app-privacy-policy', '/contact-us', '/auth/login', '/auth/sign-up', '/auth/forgot-password'] as const;

/** The markup of `#root` for `path`. */
export async function renderPage(path: string, config: RuntimeConfig): Promise<string> {
  setPrerenderConfig(config);
  const queryClient = createQueryClient(() => {});
  const router = createAppRouter({ queryClient, session: sessionStore }, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(<AppRoot queryClient={queryClient} router={router} endSession={() => {}} />);
}
