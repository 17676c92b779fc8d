/**
 * A tab left open across a deploy still runs the old build, whose lazy chunks the new one replaced: the server
 * answers them 404 (server/plugins/spa.ts), the import fails, and the tab loads the new build instead of showing the
 * error screen. Once: a reload that fails again within half a minute is a real outage, and shows the error screen
 * rather than reloading for ever.
 */

const KEY = 'switchback:reloaded-for-new-build';
const AGAIN_AFTER_MS = 30_000;

/** Whether a reload for a new build may happen now: not one moments ago. */
export const mayReloadForNewBuild = () => Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) >= AGAIN_AFTER_MS;

/** Reloads the page onto the current build unless it did so moments ago; whether it did. */
export function reloadForNewBuild(): boolean {
  if (!mayReloadForNewBuild()) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/** A failed `import()` of a chunk, as Chromium, Firefox and Safari word it. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(error.message);

/** Vite's own signal that a chunk or its CSS would not load (`vite:preloadError`); answers how to stop listening. */
export function reloadOnStaleChunks() {
  const onError = (event: Event) => {
    if (reloadForNewBuild()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
