import type { LngLat } from '#contract/map-routes';

/**
 * Whether an activity followed a route (issue 21: an attendee's activity counts toward an event when it "follows its
 * route"): most of the route lies near the line the activity took. Both lines are simplified (a few hundred points),
 * so the route is sampled every SAMPLE_M and each sample measured against the activity's segments, in a local flat
 * projection (metres within a few per mille over a ride's extent). GPS error and a map-drawn route that cuts a bend
 * stay well inside NEAR_M; a detour of a few hundred metres costs only its share of the route.
 */
const SAMPLE_M = 100;
const NEAR_M = 150;
/** The share of the route that must have been ridden. */
export const FOLLOWED_SHARE = 0.8;

const M_PER_DEG = 111_320;

export function followsRoute(activityLine: readonly LngLat[], route: readonly LngLat[]): boolean {
  if (activityLine.length < 2 || route.length < 2) return false;
  const lat0 = route[0]![1];
  const kx = M_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  const flat = (p: LngLat) => [(p[0] - route[0]![0]) * kx, (p[1] - lat0) * M_PER_DEG] as const;
  const line = activityLine.map(flat);
  const samples = resample(route.map(flat));
  let near = 0;
  for (const s of samples) if (distanceToLine(s, line) <= NEAR_M) near++;
  return near / samples.length >= FOLLOWED_SHARE;
}

type Flat = readonly [number, number];

function resample(points: readonly Flat[]): Flat[] {
  const out: Flat[] = [points[0]!];
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1]!;
    const [bx, by] = points[i]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / SAMPLE_M));
    for (let k = 1; k <= steps; k++) out.push([ax + ((bx - ax) * k) / steps, ay + ((by - ay) * k) / steps]);
  }
  return out;
}

function distanceToLine([px, py]: Flat, line: readonly Flat[]) {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1]!;
    const [bx, by] = line[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
    const d = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    if (d < best) best = d;
  }
  return best;
}
