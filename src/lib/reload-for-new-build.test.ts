import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForNewBuild, reloadOnStaleChunks } from './reload-for-new-build';

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
  vi.useRealTimers();
});

describe('reloadForNewBuild', () => {
  it('reloads once; a second failure within half a minute shows the error instead; later it reloads again', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), toFake: ['Date'] });
    expect(reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date('2026-11-28T10:00:20Z'));
    expect(reloadForNewBuild()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date('2026-11-28T10:01:00Z'));
    expect(reloadForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('answers Vite’s vite:preloadError with the reload, keeping the error from surfacing', () => {
    const stop = reloadOnStaleChunks();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    stop();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
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
