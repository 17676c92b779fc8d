import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RouteError } from './route-error';

// Issue 23: a page whose chunk a deploy removed loads the new build instead of the error screen; once only.

const reload = vi.fn();
const realLocation = window.location;
beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
});

const goneChunk = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/reported-comments-Dk2x.js');

describe('RouteError', () => {
  it('reloads onto the new build when the page’s code is gone, showing a spinner meanwhile', async () => {
    await renderWithProviders(<RouteError error={goneChunk} />);
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the spinner, without a second reload, when this page is already on its way to the new build', async () => {
    // Vite's signal for the same missing chunk started the reload (reloadOnStaleChunks).
    sessionStorage.setItem('switchback:reloaded-for-new-build', JSON.stringify({ at: Date.now(), page: performance.timeOrigin }));
    await renderWithProviders(<RouteError error={goneChunk} />);
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the error screen when the reload just happened and the chunk is still missing, and for any other error', async () => {
    // The page before this one reloaded moments ago.
    sessionStorage.setItem('switchback:reloaded-for-new-build', JSON.stringify({ at: Date.now(), page: performance.timeOrigin - 5000 }));
    const view = await renderWithProviders(<RouteError error={goneChunk} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    view.unmount();
    sessionStorage.clear();
    await renderWithProviders(<RouteError error={new Error('Cannot read properties of undefined')} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
