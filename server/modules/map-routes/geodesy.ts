import geographiclib from 'geographiclib-geodesic';
import type { LngLat } from '#contract/map-routes';

// The package is CommonJS without named exports Node can see, so it is read through its default export.
const WGS84 = geographiclib.Geodesic.WGS84;
const DISTANCE_ONLY = geographiclib.Geodesic.DISTANCE;

/** Metres along the WGS84 ellipsoid between two `[lng, lat]` points (the geodesic inverse problem, Karney's method). */
export function geodesicDistance(a: LngLat, b: LngLat): number {
  return WGS84.Inverse(a[1], a[0], b[1], b[0], DISTANCE_ONLY).s12 ?? 0;
}

/** Distance from the first point to each point along the line, in metres: `[0, d01, d01 + d12, …]`. */
export function cumulativeDistances(points: readonly LngLat[]): number[] {
  const out = new Array<number>(points.length);
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    if (i > 0) sum += geodesicDistance(points[i - 1]!, points[i]!);
    out[i] = sum;
  }
  return out;
}

/** The line's length in metres: its segments' geodesic lengths summed. */
export function lineLength(points: readonly LngLat[]): number {
  return points.length < 2 ? 0 : cumulativeDistances(points).at(-1)!;
}
