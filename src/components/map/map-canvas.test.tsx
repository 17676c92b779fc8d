import { act, render, screen } from '@testing-library/react';
import { useEffect, useImperativeHandle, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { expect, it, vi } from 'vitest';
import { MapCanvas, type MapKit } from './map-canvas';

/**
 * jsdom has no WebGL: a small engine stands in for react-map-gl's components (the real map is drawn in Chromium by
 * e2e/map-offline.spec.ts). `fakeEngine.finishLoading()` fires its `load`, as MapLibre does once the first complete frame is drawn.
 */
const fakeEngine = { finishLoading: () => {}, click: (_target: EventTarget, _lng: number, _lat: number) => {} };
type FakeMapProps = { ref?: Ref<unknown>; style?: CSSProperties; onLoad?: () => void; onClick?: (e: unknown) => void; children?: ReactNode };
function FakeMap({ ref, style, onLoad, onClick, children }: FakeMapProps) {
  const [canvas] = useState(() => document.createElement('canvas'));
  useImperativeHandle(ref, () => ({ getCanvas: () => canvas, getMap: () => ({}) }), [canvas]);
  useEffect(() => {
    fakeEngine.finishLoading = () => onLoad?.();
    // As MapLibre reports a click: the DOM target, and the place under the pointer.
    fakeEngine.click = (target, lng, lat) => onClick?.({ originalEvent: { target }, lngLat: { wrap: () => ({ lng, lat }) } });
  });
  return (
    <div data-testid="engine" style={style}>
      {children}
    </div>
  );
}
const Nothing = () => null;
const Passing = ({ children }: { children?: ReactNode }) => <>{children}</>;
/** A pin as the engines make one: an element of class `maplibregl-marker` around its badge, handed to `ref`. */
function FakeMarker({ ref, children }: { ref?: Ref<unknown>; children?: ReactNode }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useImperativeHandle(ref, () => (element ? { getElement: () => element } : null), [element]);
  return (
    <div ref={setElement} className="maplibregl-marker">
      {children}
    </div>
  );
}
const kit = { Map: FakeMap, Marker: FakeMarker, Source: Passing, Layer: Nothing, NavigationControl: Nothing, ScaleControl: Nothing } as unknown as MapKit;

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

it('adds a point at a pin’s own place when the pin is clicked (the start closes the loop; the meeting pin starts there)', () => {
  const onMapClick = vi.fn();
  render(
    <MapCanvas
      kit={kit}
      mapStyle={{ version: 8, sources: {}, layers: [] }}
      dark={false}
      ariaLabel="Route map"
      onReady={vi.fn()}
      onFailure={vi.fn()}
      onMapClick={onMapClick}
      markers={[
        { id: 'meeting', position: [-105.2705, 40.015], kind: 'meeting', label: 'Meeting point' },
        { id: 'route-0', position: [-105.28, 40.02], kind: 'start', label: 'Route start' },
        { id: 'route-1', position: [-105.29, 40.03], kind: 'end', label: 'Route end' },
      ]}
    />,
  );
  act(() => fakeEngine.finishLoading());
  // The click lands a few pixels off the pin's exact point; the point added is the pin's.
  act(() => fakeEngine.click(screen.getByRole('img', { name: 'Route start' }).firstElementChild!, -105.28003, 40.02004));
  expect(onMapClick).toHaveBeenLastCalledWith([-105.28, 40.02]);
  act(() => fakeEngine.click(screen.getByRole('img', { name: 'Meeting point' }), -105.27, 40.0152));
  expect(onMapClick).toHaveBeenLastCalledWith([-105.2705, 40.015]);
  // Elsewhere on the map: the place under the pointer.
  act(() => fakeEngine.click(screen.getByTestId('engine'), -105.3, 40.05));
  expect(onMapClick).toHaveBeenLastCalledWith([-105.3, 40.05]);
  expect(onMapClick).toHaveBeenCalledTimes(3);
});
