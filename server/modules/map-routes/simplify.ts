import { ROUTE_KEPT_POINTS_MAX, type LngLat } from '#contract/map-routes';

/** Tolerance in metres when the caller gives none (contract: `simplifyBody.tolerance`). */
export const DEFAULT_TOLERANCE_M = 5;

// WGS84, for the local radius of curvature at each point's latitude.
const A = 6_378_137;
const E2 = 0.00669437999014;
// Spherical Mercator on geodetic latitudes is off by up to ±0.34 % in scale against the ellipsoid, so the work is done
// at 99 % of the tolerance: every point dropped is then within the tolerance by any careful measure.
const MARGIN = 0.99;
const LAT_LIMIT = 89.5;

/**
 * Douglas–Peucker in metres. The simplified line is what a map draws: straight between vertices in the map's
 * (Mercator) projection. Points are projected to Mercator (longitudes unwrapped across the antimeridian) and a point's
 * distance from a segment is measured there, scaled to metres by the projection's scale at that point's latitude
 * (Mercator is conformal, so near the point that scale holds in every direction).
 *
 * Always keeps the first and last point; every point dropped lies within `tolerance` metres of the kept line. When
 * more than `maxPoints` would be kept, the tolerance is raised (×1.5 at a time) until no more are; the tolerance used
 * is answered, and the within-tolerance promise holds for it.
 */
export function simplifyLine(points: readonly LngLat[], tolerance = DEFAULT_TOLERANCE_M, maxPoints = ROUTE_KEPT_POINTS_MAX) {
  if (points.length <= 2) return { points: points.map((p) => [p[0], p[1]] as LngLat), indices: points.map((_, i) => i), tolerance };
  const plane = project(points);
  let tol = tolerance;
  for (;;) {
    const indices = douglasPeucker(plane, tol * MARGIN);
    if (indices.length <= Math.max(2, maxPoints)) {
      return { points: indices.map((i) => [points[i]![0], points[i]![1]] as LngLat), indices, tolerance: tol };
    }
    tol = Math.max(tol * 1.5, 0.5);
  }
}

type Plane = { x: Float64Array; y: Float64Array; metresPerUnit: Float64Array };

function project(points: readonly LngLat[]): Plane {
  const n = points.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const metresPerUnit = new Float64Array(n);
  let lng = points[0]![0];
  for (let i = 0; i < n; i++) {
    const [rawLng, rawLat] = points[i]!;
    if (i > 0) {
      // Unwrap: each step east or west is the short way round.
      let d = rawLng - points[i - 1]![0];
      if (d > 180) d -= 360;
      else if (d < -180) d += 360;
      lng += d;
    }
    const phi = (Math.max(-LAT_LIMIT, Math.min(LAT_LIMIT, rawLat)) * Math.PI) / 180;
    x[i] = (lng * Math.PI) / 180;
    y[i] = Math.log(Math.tan(Math.PI / 4 + phi / 2));
    // One Mercator unit spans cos(φ) × R metres near the point, R the mean (Gaussian) radius of curvature there.
    const s2 = Math.sin(phi) ** 2;
    const w = 1 - E2 * s2;
    const meridional = (A * (1 - E2)) / w ** 1.5;
    const primeVertical = A / Math.sqrt(w);
    metresPerUnit[i] = Math.cos(phi) * Math.sqrt(meridional * primeVertical);
  }
  return { x, y, metresPerUnit };
}

/** Metres from point `i` to the segment from `a` to `b`. */
function distance(p: Plane, i: number, a: number, b: number) {
  const ax = p.x[a]!;
  const ay = p.y[a]!;
  const dx = p.x[b]! - ax;
  const dy = p.y[b]! - ay;
  const px = p.x[i]! - ax;
  const py = p.y[i]! - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
  return Math.hypot(px - t * dx, py - t * dy) * p.metresPerUnit[i]!;
}

/** Indices kept, ascending. Iterative (a 20,000-point track would overflow a recursive one's stack). */
function douglasPeucker(p: Plane, tol: number): number[] {
  const n = p.x.length;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    let far = -1;
    let farDistance = tol;
    for (let i = a + 1; i < b; i++) {
      const d = distance(p, i, a, b);
      if (d > farDistance) {
        far = i;
        farDistance = d;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(i);
  return out;
}
