import type { ReactNode } from 'react';
import type { LngLat } from '#contract/map-routes';

export type { LngLat };

/** A pin on the map. `kind` picks its look; a draggable one reports where it was dropped. */
export type MapMarker = {
  id: string;
  position: LngLat;
  /** Its accessible name (and tooltip), e.g. "Meeting point" or "Route point 2 of 5". */
  label: string;
  kind?: 'meeting' | 'point' | 'start' | 'end';
  draggable?: boolean;
  onDragEnd?: (p: LngLat) => void;
};

/**
 * A line drawn in pieces (a recorded track with gaps in it): `route` in the route's colour, `muted` dashed in grey
 * (a part of an activity that others do not see).
 */
export type MapLine = { id: string; pieces: LngLat[][]; look: 'route' | 'muted' };

/** Where the map looks once the member stops moving it. */
export type MapViewState = { center: LngLat; zoom: number };

export type MapViewProps = {
  /** Accessible name of the map region. */
  ariaLabel: string;
  /** The parent sizes the map (e.g. 'h-72 w-full rounded-xl'); without one it is 'h-72 w-full'. */
  className?: string;
  /** Initial view (zoom 9 when only a centre is given); default: the whole world. Ignored when `fitTo` has points. */
  center?: LngLat;
  zoom?: number;
  /** When given (at least one point), the view fits these points, and fits again whenever the array changes identity. */
  fitTo?: LngLat[];
  /** Drawn as a line (from two points). */
  route?: LngLat[];
  /** Lines in pieces, drawn in order (later over earlier), under the markers. */
  lines?: MapLine[];
  markers?: MapMarker[];
  onMapClick?: (p: LngLat) => void;
  /** Default true; false is a static preview (no pan, zoom or controls). */
  interactive?: boolean;
  /** Called when the view settles after a move, and once when the map has loaded. */
  onViewChange?: (view: MapViewState) => void;
  /** Overlay controls, positioned by the caller (the map box is `relative`). */
  children?: ReactNode;
};
