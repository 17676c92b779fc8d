import { useRef } from 'react';
import type { LngLat, MapViewState } from './map-types';

/**
 * A cross at the centre of a map: where an "at centre" button puts its point. It is how keyboards place points
 * (pan the focused map with the arrow keys, then press the button). Put it inside `MapView` as a child.
 */
export function MapCrosshair() {
  return (
    <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-1/2 z-[1] size-6 -translate-x-1/2 -translate-y-1/2">
      <span className="absolute top-0 left-1/2 h-full w-0.5 -translate-x-1/2 bg-fg/70" />
      <span className="absolute top-1/2 left-0 h-0.5 w-full -translate-y-1/2 bg-fg/70" />
    </span>
  );
}

/**
 * Where the map looks, for an "at centre" button: hand `onViewChange` to `MapView` and read `centre()` on the click.
 * Kept in a ref: the map moves on every pan, and nothing on screen depends on it until the button is pressed.
 */
export function useMapCentre() {
  const centre = useRef<LngLat | null>(null);
  return {
    centre: () => centre.current,
    onViewChange: (view: MapViewState) => {
      centre.current = view.center;
    },
  };
}
