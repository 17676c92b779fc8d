import { act, render, screen } from '@testing-library/react';
import { useEffect, useImperativeHandle, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { expect, it, vi } from 'vitest';
import { MapCanvas, type MapKit } from './map-canvas';

/**
 * jsdom has no WebGL: a small engine stands in for react-map-gl's components (the real map is drawn in Chromium by
 * e2e/map-offline.spec.ts). `fakeEngine.finishLoading()` fires its `load`, as MapLibre does once the first complete frame is drawn.
 */
const fakeEngine = { finishLoading: () => {} };
function FakeMap({ ref, style, onLoad, children }: { ref?: Ref<unknown>; style?: CSSProperties; onLoad?: () => void; children?: ReactNode }) {
  const [canvas] = useState(() => document.createElement('canvas'));
  useImperativeHandle(ref, () => ({ getCanvas: () => canvas, getMap: () => ({}) }), [canvas]);
  useEffect(() => {
    fakeEngine.finishLoading = () => onLoad?.();
  });
  return (
    <div data-testid="engine" style={style}>
      {children}
    </div>
  );
}
const Nothing = () => null;
const Passing = ({ children }: { children?: ReactNode }) => <>{children}</>;
const kit = { Map: FakeMap, Marker: Passing, Source: Passing, Layer: Nothing, NavigationControl: Nothing } as unknown as MapKit;

it('keeps the map hidden until its first complete frame, over the style’s ground colour, then shows it and says it is ready', () => {
  const onReady = vi.fn();
  render(<MapCanvas kit={kit} mapStyle={{ version: 8, sources: {}, layers: [] }} dark={false} ground="#c9dbe6" ariaLabel="Route map" onReady={onReady} onFailure={vi.fn()} />);
  const engine = screen.getByTestId('engine');
  // The partial frames drawn while tiles arrive never reach the screen (MapView's skeleton covers the box).
  expect(engine).toHaveStyle({ visibility: 'hidden', background: '#c9dbe6' });
  expect(onReady).not.toHaveBeenCalled();

  act(() => fakeEngine.finishLoading());
  expect(engine).not.toHaveStyle({ visibility: 'hidden' });
  expect(engine).toHaveStyle({ background: '#c9dbe6' });
  expect(onReady).toHaveBeenCalledOnce();
});
