import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNTIME_CONFIG_META } from '#contract/runtime-config';
import type { MapEngineProps } from './map-canvas';

/**
 * Which style the MapLibre engine draws (issue 19): the server's styles where they load, the bundled offline style
 * when they do not (an error, or nothing drawn in time), and the member's choice in the switcher. jsdom has no WebGL:
 * the engine's library is stood in for, and so is the canvas, which shows the style it was given and offers the two
 * things a real map reports (its first frame, or a style that failed).
 */
vi.mock('maplibre-gl', () => ({ default: { setWorkerUrl: vi.fn(), addProtocol: vi.fn() } }));
vi.mock('maplibre-gl/dist/maplibre-gl-csp-worker.js?url', () => ({ default: '/worker.js' }));
vi.mock('react-map-gl/maplibre', () => ({ Map: vi.fn(), Marker: vi.fn(), Source: vi.fn(), Layer: vi.fn(), NavigationControl: vi.fn(), ScaleControl: vi.fn() }));
vi.mock('./world-tiles', () => ({ startWorldTiles: vi.fn(), worldTile: vi.fn(), WORLD_TILES_URL: 'world://{z}/{x}/{y}', WORLD_MAX_ZOOM: 6 }));
vi.mock('./map-canvas', () => ({
  MapCanvas: ({ mapStyle, onReady, onStyleError }: { mapStyle: unknown; onReady(): void; onStyleError?: () => void }) => (
    <div>
      <p data-testid="style">{typeof mapStyle === 'string' ? mapStyle : `offline: ${(mapStyle as { name: string }).name}`}</p>
      <button type="button" onClick={onReady}>
        Draw
      </button>
      {onStyleError && (
        <button type="button" onClick={onStyleError}>
          Style fails
        </button>
      )}
    </div>
  ),
}));

const LIBERTY = 'https://tiles.openfreemap.org/styles/liberty';
const POSITRON = 'https://tiles.openfreemap.org/styles/positron';

/** The server's configuration in the page, as plugins/spa.ts writes it. */
function serverStyles(urls: string[]) {
  const meta = document.createElement('meta');
  meta.name = RUNTIME_CONFIG_META;
  meta.content = JSON.stringify({ googleClientId: null, googleAuthorizeUrl: null, socketUrl: null, mapStyleUrls: urls });
  document.head.append(meta);
}

/** A fresh engine module: what failed in one test's visit is not remembered in the next. */
async function loadEngine(): Promise<ComponentType<MapEngineProps>> {
  vi.resetModules();
  return (await import('./libre-map')).default;
}

const props: MapEngineProps = { ariaLabel: 'Route map', onReady: () => {}, onFailure: () => {} };
const drawn = () => screen.getByTestId('style').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.head.querySelectorAll(`meta[name="${RUNTIME_CONFIG_META}"]`).forEach((m) => m.remove());
  vi.useRealTimers();
});

describe('the MapLibre engine’s style', () => {
  it('draws the server’s first style, and falls back to the offline one by itself when that style cannot load, once per visit', async () => {
    serverStyles([LIBERTY]);
    const LibreMap = await loadEngine();
    const first = render(<LibreMap {...props} />);
    expect(drawn()).toBe(LIBERTY);
    await userEvent.click(screen.getByRole('button', { name: 'Style fails' }));
    expect(drawn()).toBe('offline: Switchback offline');
    expect(screen.getByRole('combobox', { name: 'Map style' })).toHaveValue('offline');
    // The offline style is the fallback: nothing to fail over from.
    expect(screen.queryByRole('button', { name: 'Style fails' })).not.toBeInTheDocument();
    first.unmount();

    // The next map of the visit does not wait for the unreachable style again.
    render(<LibreMap {...props} />);
    expect(drawn()).toBe('offline: Switchback offline');
  });

  it('falls back when the style has drawn nothing in time (a stalled connection never errors), but not once it has drawn', async () => {
    vi.useFakeTimers();
    serverStyles([LIBERTY]);
    const LibreMap = await loadEngine();
    const { unmount } = render(<LibreMap {...props} />);
    act(() => vi.advanceTimersByTime(11_000));
    expect(drawn()).toBe(LIBERTY);
    act(() => vi.advanceTimersByTime(2_000));
    expect(drawn()).toBe('offline: Switchback offline');
    unmount();

    const Again = await loadEngine();
    render(<Again {...props} />);
    act(() => screen.getByRole('button', { name: 'Draw' }).click());
    act(() => vi.advanceTimersByTime(60_000));
    expect(drawn()).toBe(LIBERTY);
  });

  it('switches among the server’s styles and the offline one, and remembers the member’s choice', async () => {
    serverStyles([LIBERTY, POSITRON]);
    const LibreMap = await loadEngine();
    const first = render(<LibreMap {...props} />);
    const select = screen.getByRole('combobox', { name: 'Map style' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Liberty', 'Positron', 'Basic (offline)']);
    await userEvent.selectOptions(select, 'Positron');
    expect(drawn()).toBe(POSITRON);
    await userEvent.selectOptions(select, 'Basic (offline)');
    expect(drawn()).toBe('offline: Switchback offline');
    first.unmount();

    render(<LibreMap {...props} />);
    expect(drawn()).toBe('offline: Switchback offline');
    // A style chosen again is tried again, even one that failed before.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Map style' }), 'Liberty');
    expect(drawn()).toBe(LIBERTY);
  });

  it('draws only the offline style, with no switcher, when the server names no style (tests, installs without internet)', async () => {
    const LibreMap = await loadEngine();
    render(<LibreMap {...props} />);
    expect(drawn()).toBe('offline: Switchback offline');
    expect(screen.queryByRole('combobox', { name: 'Map style' })).not.toBeInTheDocument();
  });

  it('has no switcher on a static preview', async () => {
    serverStyles([LIBERTY]);
    const LibreMap = await loadEngine();
    render(<LibreMap {...props} interactive={false} />);
    expect(drawn()).toBe(LIBERTY);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
