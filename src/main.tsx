import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import type { EndSessionReason } from './features/auth/end-session';
import { createQueryClient } from './lib/query-client';
import { reloadOnStaleChunks } from './lib/reload-for-new-build';
import { sessionStore } from './lib/session-store';
import { sendHeldSubmit } from './lib/held-submit';
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

const container = document.getElementById('root')!;
// The page answers from here on: the pointer block of a booting page goes (server/lib/boot-script.ts).
// The mark is when P1 stops counting a prerendered page's scripts (bench/page-js.ts).
const booted = () => {
  document.documentElement.removeAttribute('data-booting');
  document.documentElement.removeAttribute('data-shell-hidden');
  // A signed-in page's shell was inert (server/plugins/spa.ts): what is drawn over it now answers.
  document.getElementById('root')!.removeAttribute('inert');
  performance.mark('switchback:ready');
  sendHeldSubmit();
};
const app = <AppRoot queryClient={queryClient} router={router} endSession={endSession} onMounted={booted} />;
if (container.hasAttribute('data-shell')) {
  // A signed-in page's shell (src/prerender.tsx) stays on screen until the page, its route's code loaded, replaces it:
  // React empties the container when it first commits.
  void router.load().then(() => createRoot(container).render(app));
} else if (container.firstElementChild && !sessionStore.isSignedIn()) {
  // A public page the server prerendered (src/prerender.tsx): its route's code is loaded first, so the first render
  // is the markup already on screen, which React takes over. Signed in, the page would differ: it is drawn afresh.
  // `ssr` set, the router renders the tree the server rendered (no Suspense of its own around the matches).
  router.ssr = { manifest: undefined };
  void router.load().then(() => hydrateRoot(container, app));
} else {
  container.textContent = '';
  createRoot(container).render(app);
}
