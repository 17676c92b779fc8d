import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, isReloadingForNewBuild, reloadForNewBuild, reloadOnStaleChunks } from './reload-for-new-build';

// Issue 23: a tab of an older build whose chunk is gone loads the new build, once, never in a loop.

const reload = vi.fn();
const realLocation = window.location;

beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  delete (performance as { timeOrigin?: number }).timeOrigin;
  vi.useRealTimers();
});

/** A page load of its own: the reloaded page has another time origin. */
const pageLoad = (origin: number) => Object.defineProperty(performance, 'timeOrigin', { configurable: true, value: origin });

describe('reloadForNewBuild', () => {
  it('reloads once; a second failure within half a minute shows the error instead; later it reloads again', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), toFake: ['Date'] });
    pageLoad(1);
    expect(reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // Another chunk of the same page fails before it has gone: on its way already, not a second reload.
    expect(reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    pageLoad(2);
    vi.setSystemTime(new Date('2026-11-28T10:00:20Z'));
    expect(reloadForNewBuild()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    pageLoad(3);
    vi.setSystemTime(new Date('2026-11-28T10:01:00Z'));
    expect(reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('answers Vite’s vite:preloadError with the reload, once however many chunks fail, and lets the error reach its importer', () => {
    pageLoad(1);
    const stop = reloadOnStaleChunks();
    expect(isReloadingForNewBuild()).toBe(false);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    stop();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(isReloadingForNewBuild()).toBe(true);
    // Prevented, Vite's import would answer undefined rather than fail.
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: https://switchback.app/assets/reported-comments-Dk2.js', true],
    ['error loading dynamically imported module', true],
    ['Importing a module script failed.', true],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});
