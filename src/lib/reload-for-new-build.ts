/**
 * A tab left open across a deploy still runs the old build, whose lazy chunks the new one replaced: the server
 * answers them 404 (server/plugins/spa.ts), the import fails, and the tab loads the new build instead of showing the
 * error screen. Once: a reload that fails again within half a minute is a real outage, and shows the error screen
 * rather than reloading for ever.
 */

const KEY = 'switchback:reloaded-for-new-build';
const AGAIN_AFTER_MS = 30_000;

/** The last reload for a new build in this tab: when, and from which page load (its `performance.timeOrigin`). */
type LastReload = { at: number; page: number };
const lastReload = (): LastReload | undefined => JSON.parse(sessionStorage.getItem(KEY) ?? 'null') ?? undefined;

/** Whether this very page is on its way to the new build (the failed import that started it still settles). */
export const isReloadingForNewBuild = () => lastReload()?.page === performance.timeOrigin;

/** Whether a reload for a new build may happen now: not one moments ago. */
export const mayReloadForNewBuild = () => Date.now() - (lastReload()?.at ?? 0) >= AGAIN_AFTER_MS;

/** Reloads the page onto the current build unless it did so moments ago; whether it did (or already is). */
export function reloadForNewBuild(): boolean {
  if (isReloadingForNewBuild()) return true;
  if (!mayReloadForNewBuild()) return false;
  sessionStorage.setItem(KEY, JSON.stringify({ at: Date.now(), page: performance.timeOrigin } satisfies LastReload));
  window.location.reload();
  return true;
}

/** A failed `import()` of a chunk, as Chromium, Firefox and Safari word it. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(error.message);

/**
 * Vite's own signal that a chunk or its CSS would not load (`vite:preloadError`), for any lazy import, the router's
 * or a component's: the reload starts at once. The error still goes on to its importer (Vite's `preventDefault`
 * would make the import answer `undefined`, and the router fail on that in the moment before the page goes), where
 * the route's error screen shows a spinner meanwhile (RouteError). Answers how to stop listening.
 */
export function reloadOnStaleChunks() {
  const onError = () => void reloadForNewBuild();
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
