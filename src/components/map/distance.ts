import type { LngLat } from '#contract/map-routes';

/**
 * Distances on the map while a member draws. The server measures the stored route on the ellipsoid (geodesic); the
 * browser only needs a running figure, and the sphere is within 0.5 % of it, so haversine is enough here.
 */

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two `[lng, lat]` points. */
export function haversineMetres(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  // min() keeps rounding from pushing asin past its domain for antipodal points.
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance from the first point to each point along the line, metres (first is 0). */
export function cumulativeMetres(points: readonly LngLat[]): number[] {
  const out: number[] = [];
  let total = 0;
  points.forEach((p, i) => {
    if (i > 0) total += haversineMetres(points[i - 1]!, p);
    out.push(total);
  });
  return out;
}

/** Length of the line through the points, metres. */
export function pathMetres(points: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += haversineMetres(points[i - 1]!, points[i]!);
  return total;
}
