import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapEngineProps } from './map-canvas';

/**
 * jsdom has no WebGL, so these tests stand a small engine in for MapLibre (the real one is drawn in Chromium by
 * e2e/map-offline.spec.ts) and check what MapView itself promises: the sized placeholder, the ready marker, and
 * the two failures.
 */
function stubWebGL(available: boolean) {
  vi.stubGlobal('WebGL2RenderingContext', available ? class {} : undefined);
  vi.stubGlobal('WebGLRenderingContext', available ? class {} : undefined);
}

/** A fresh MapView module (its lazy engine is per module) with `engine` as the loaded engine. */
async function loadMapView(engine: () => { default: (p: MapEngineProps) => ReactNode }) {
  vi.resetModules();
  vi.doMock('./libre-map', engine);
  return (await import('./map-view')).MapView;
}

/** Says it is ready when its button is pressed, as the real engine does on the map's `load` event. */
function FakeEngine({ onReady, onFailure, ariaLabel }: MapEngineProps) {
  return (
    <div>
      <button type="button" onClick={onReady}>
        Draw {ariaLabel}
      </button>
      <button type="button" onClick={() => onFailure('webgl')}>
        Lose WebGL
      </button>
    </div>
  );
}

beforeEach(() => {
  vi.doUnmock('./libre-map');
  vi.unstubAllGlobals();
});

describe('MapView', () => {
  it('holds the caller’s box with a loading skeleton until the map has drawn, then marks itself ready', async () => {
    stubWebGL(true);
    const MapView = await loadMapView(() => ({ default: FakeEngine }));
    render(
      <MapView ariaLabel="Route map" className="h-64 w-full rounded-xl">
        <button type="button">Overlay control</button>
      </MapView>,
    );
    const box = screen.getByTestId('map-view');
    expect(box).toHaveClass('h-64', 'w-full', 'rounded-xl');
    expect(screen.getByRole('status')).toHaveTextContent('Loading map');
    expect(screen.getByRole('button', { name: 'Overlay control' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Draw Route map' }));
    expect(screen.getByTestId('map-canvas-ready')).toBe(box);
    expect(box).toHaveAttribute('data-map-state', 'ready');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('explains when the device cannot draw WebGL, without loading the map engine', async () => {
    stubWebGL(false);
    const engine = vi.fn(() => ({ default: FakeEngine }));
    const MapView = await loadMapView(engine);
    render(<MapView ariaLabel="Route map" className="h-40 w-full" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The map could not be drawn on this device');
    expect(screen.getByTestId('map-view')).toHaveClass('h-40', 'w-full');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(engine).not.toHaveBeenCalled();
  });

  it('shows the WebGL failure when the engine cannot start, e.g. the context is refused', async () => {
    stubWebGL(true);
    const MapView = await loadMapView(() => ({ default: FakeEngine }));
    render(<MapView ariaLabel="Route map" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lose WebGL' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The map could not be drawn on this device');
    expect(screen.getByTestId('map-view')).toHaveClass('h-72', 'w-full'); // the default box
  });

  it('offers to try again when the map code does not arrive, and loads it on the retry', async () => {
    stubWebGL(true);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const MapView = await loadMapView(() => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: FakeEngine };
    });
    render(<MapView ariaLabel="Route map" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The map could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Draw Route map' }));
    expect(screen.getByTestId('map-canvas-ready')).toBeInTheDocument();
  });
});
