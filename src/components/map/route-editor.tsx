import clsx from 'clsx';
import { useState } from 'react';
import { ROUTE_POINTS_MAX, type LngLat } from '#contract/map-routes';
import { formatDistance, useUnits } from '../../lib/units';
import { Button } from '../ui/button';
import { pathMetres } from './distance';
import { MapCrosshair, useMapCentre } from './map-crosshair';
import { MapView, type MapMarker } from './map-view';
import { applyRouteEdit, canUndo, NO_EDITS, samePoints, type RouteEdit, type RouteEdits } from './route-edits';

export type RouteEditorProps = {
  /** The route's points, `[lng, lat]`, in order. */
  value: LngLat[];
  onChange(points: LngLat[]): void;
  /** Shown as a pin (not part of the route). */
  meetingPoint?: LngLat | null;
  ariaLabel: string;
  className?: string;
  /** Default: the contract's cap (`ROUTE_POINTS_MAX`). */
  maxPoints?: number;
  /** Where the map looks when there is no route or meeting point yet (e.g. the member's area). */
  center?: LngLat;
  zoom?: number;
  /** Sizes the map box; default 'h-72 sm:h-96 w-full rounded-xl'. */
  mapClassName?: string;
};

/** Past this many points (a GPX import), only the two ends get pins: hundreds of DOM pins would stall the page. */
export const ROUTE_PINS_MAX = 100;

/** The points to show when the route or meeting point changed from outside the editor. */
const fitPointsFor = (value: LngLat[], meetingPoint: LngLat | null | undefined) => (meetingPoint ? [meetingPoint, ...value] : value);

/**
 * Draws a route on the map: each click on the map appends a point, pins drag to move their point, Undo reverts the
 * last change and Clear removes every point. Keyboard users pan the map (arrow keys on the focused map) and press
 * "Add point at centre", aimed by the crosshair. The distance so far is in the member's units.
 */
export function RouteEditor({ value, onChange, meetingPoint, ariaLabel, className, maxPoints = ROUTE_POINTS_MAX, center, zoom, mapClassName }: RouteEditorProps) {
  const units = useUnits();
  const [edits, setEdits] = useState<RouteEdits>(NO_EDITS);
  // The map fits the route when it arrives from outside (first render, a GPX import), not after each click here.
  const [fit, setFit] = useState(() => ({ value, meetingPoint, points: fitPointsFor(value, meetingPoint) }));
  const fromOutside = !samePoints(value, fit.value) && !samePoints(value, edits.own);
  const meetingMoved = !samePoints(meetingPoint ? [meetingPoint] : [], fit.meetingPoint ? [fit.meetingPoint] : []);
  if (fromOutside || meetingMoved) setFit({ value, meetingPoint, points: fitPointsFor(value, meetingPoint) });
  const view = useMapCentre();

  const full = value.length >= maxPoints;

  function edit(change: RouteEdit) {
    const result = applyRouteEdit(edits, value, change, maxPoints);
    if (!result) return;
    setEdits(result.edits);
    onChange(result.points);
  }

  function addAtCentre() {
    const point = view.centre() ?? value[value.length - 1] ?? meetingPoint ?? center ?? [0, 0];
    edit({ type: 'add', point });
  }

  const pins = value.length <= ROUTE_PINS_MAX ? value.map((p, i) => [p, i] as const) : [[value[0]!, 0] as const, [value[value.length - 1]!, value.length - 1] as const];
  const markers: MapMarker[] = pins.map(([position, i]) => {
    const kind = i === 0 ? 'start' : i === value.length - 1 ? 'end' : 'point';
    return {
      id: `route-${i}`,
      position,
      kind,
      label: kind === 'start' ? 'Route start' : kind === 'end' ? 'Route end' : `Route point ${i + 1} of ${value.length}`,
      draggable: true,
      onDragEnd: (point: LngLat) => edit({ type: 'move', index: i, point }),
    };
  });
  if (meetingPoint) markers.unshift({ id: 'meeting', position: meetingPoint, kind: 'meeting', label: 'Meeting point' });

  const distance = formatDistance(pathMetres(value), units, 2);
  const count = value.length === 1 ? '1 point' : `${value.length.toLocaleString('en')} points`;

  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <MapView
        ariaLabel={ariaLabel}
        className={mapClassName ?? 'h-72 w-full rounded-xl border border-line sm:h-96'}
        fitTo={fit.points.length ? fit.points : undefined}
        center={center}
        zoom={zoom}
        route={value}
        markers={markers}
        onMapClick={full ? undefined : (point) => edit({ type: 'add', point })}
        onViewChange={view.onViewChange}
      >
        <MapCrosshair />
      </MapView>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" aria-live="polite" data-testid="route-distance">
          Distance so far: <span className="font-semibold">{distance}</span> <span className="text-muted">· {count}</span>
        </p>
        {/* One row even on a phone: the long button gives way (its words wrap) before Clear drops to a line of its own. */}
        <div className="flex w-full gap-2 sm:w-auto">
          <Button variant="secondary" onClick={addAtCentre} disabled={full} className="min-w-0 flex-1 leading-tight sm:flex-none">
            Add point at centre
          </Button>
          <Button variant="secondary" onClick={() => edit({ type: 'undo' })} disabled={!canUndo(edits, value)}>
            Undo
          </Button>
          <Button variant="secondary" onClick={() => edit({ type: 'clear' })} disabled={value.length === 0}>
            Clear
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted">
        {full
          ? `The route has the most points it can hold (${maxPoints.toLocaleString('en')}).`
          : 'Click the map to add a point; drag a point to move it. With a keyboard, move the map with the arrow keys and add the point at the centre.'}
        {value.length > ROUTE_PINS_MAX && ' Only the start and end can be dragged on a route this long.'}
      </p>
    </div>
  );
}
