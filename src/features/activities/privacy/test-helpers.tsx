import type { LngLat, MapViewProps } from '../../../components/map/map-types';
import { haversineMetres } from '../../../components/map/distance';

/** Places a test "clicks" on the map (Boulder, Colorado). */
export const MAP_POINTS = { A: [-105.2705, 40.015], B: [-105.2811, 40.0111] } as const satisfies Record<string, LngLat>;

/** A ring's radius on the ground, to the nearest 10 m: from its middle (the mean of its points) to its first point. */
function ringRadius(ring: LngLat[]) {
  const points = ring.slice(0, -1);
  const middle: LngLat = [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
  return Math.round(haversineMetres(middle, ring[0]!) / 10) * 10;
}

/**
 * jsdom cannot draw WebGL: the map's stand-in for the privacy zones page. It keeps MapView's contract (a labelled box,
 * pins by label, clicks handed back as `[lng, lat]`) and says which circles it was given to draw, by line and radius.
 */
export function StandInZoneMap({ ariaLabel, onMapClick, markers, lines, fitTo, children }: MapViewProps) {
  return (
    <div role="group" aria-label={ariaLabel}>
      {onMapClick &&
        Object.entries(MAP_POINTS).map(([name, point]) => (
          <button key={name} type="button" onClick={() => onMapClick([point[0], point[1]])}>
            {`Click the map at ${name}`}
          </button>
        ))}
      <ul aria-label="Circles">
        {lines?.flatMap((line) => line.pieces.map((ring, i) => <li key={`${line.id}-${i}`}>{`${line.look === 'muted' ? 'Dashed' : 'Solid'} circle of ${ringRadius(ring)} m`}</li>))}
      </ul>
      <ul aria-label="Pins">
        {markers?.map((m) => (
          <li key={m.id}>{m.label}</li>
        ))}
      </ul>
      {fitTo && <p>{`Fitted to ${fitTo.length} points`}</p>}
      {children}
    </div>
  );
}
