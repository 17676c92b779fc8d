import fc from 'fast-check';
import type { LngLat } from '#contract/map-routes';
import type { ActivityStreams } from '../track/streams';



/**
 * A number spread evenly over [min, max) (to a billionth of the range). fc.double spreads over the doubles themselves,
 * most of which are tiny: its "angle from 0 to 2π" is nearly always about 0, which would test one direction only.
 */
export const uniform = (min: number, max: number) => fc.integer({ min: 0, max: 999_999_999 }).map((i) => min + ((max - min) * i) / 1e9);

const M_PER_DEG = 111_195;

/** The point `east` and `north` metres from `origin`, on a local flat map (good to well under 1 % at a few km). */
export function offsetBy(origin: LngLat, east: number, north: number): LngLat {
  const lat = origin[1] + north / M_PER_DEG;
  let lng = origin[0] + east / (M_PER_DEG * Math.cos((origin[1] * Math.PI) / 180));
  if (lng > 180) lng -= 360;
  else if (lng < -180) lng += 360;
  return [lng, lat];
}

/** East and north metres of `point` from `origin` on the same local flat map. */
export function localMetres(origin: LngLat, point: LngLat): [number, number] {
  let dLng = point[0] - origin[0];
  if (dLng > 180) dLng -= 360;
  else if (dLng < -180) dLng += 360;
  return [dLng * M_PER_DEG * Math.cos((origin[1] * Math.PI) / 180), (point[1] - origin[1]) * M_PER_DEG];
}

/**
 * A wandering track from `start`: `count` samples a second apart, steps of 3–15 m, its heading drifting by up to
 * `turn` radians a step. With a `noFix` chance a sample has no position (a tunnel, a slow first fix). Heart rate and
 * elevation ride along, each sample's value its own index, so tests can tell which samples survived.
 */
export function randomWalk(random: () => number, start: LngLat, count: number, { noFix = 0, turn = 0.6 } = {}): ActivityStreams {
  const time: number[] = [];
  const position: (LngLat | null)[] = [];
  const heartRate: (number | null)[] = [];
  const elevation: (number | null)[] = [];
  let heading = random() * 2 * Math.PI;
  let east = 0;
  let north = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      heading += (random() - 0.5) * turn;
      const step = 3 + random() * 12;
      east += step * Math.sin(heading);
      north += step * Math.cos(heading);
    }
    time.push(1_700_000_000 + i);
    position.push(random() < noFix ? null : offsetBy(start, east, north));
    heartRate.push(i);
    elevation.push(random() < 0.1 ? null : i);
  }
  return { time, position, heartRate, elevation };
}

/**
 * The attacker's tool: the circle through points by least squares, Kåsa's method (fit x² + y² + Dx + Ey + F = 0,
 * linear in D, E, F; centre (−D/2, −E/2)). Worked on a flat map around the points' mean, and answered as a point.
 */
export function kasaCircleCentre(points: readonly LngLat[]): LngLat {
  const origin: LngLat = [points[0]![0], points.reduce((s, p) => s + p[1], 0) / points.length];
  const xy = points.map((p) => localMetres(origin, p));
  const mx = xy.reduce((s, p) => s + p[0], 0) / xy.length;
  const my = xy.reduce((s, p) => s + p[1], 0) / xy.length;
  // Normal equations of [x y 1]·[D E F]ᵀ = −(x² + y²), centred on the mean for conditioning.
  let sxx = 0, sxy = 0, syy = 0, sx = 0, sy = 0, bx = 0, by = 0, b1 = 0;
  for (const [x0, y0] of xy) {
    const x = x0 - mx;
    const y = y0 - my;
    const r = -(x * x + y * y);
    sxx += x * x; sxy += x * y; syy += y * y; sx += x; sy += y;
    bx += x * r; by += y * r; b1 += r;
  }
  const [d, e] = solve3(
    [
      [sxx, sxy, sx],
      [sxy, syy, sy],
      [sx, sy, xy.length],
    ],
    [bx, by, b1],
  );
  return offsetBy(origin, mx - d / 2, my - e / 2);
}

/** Cramer's rule; the systems here are 3 × 3. */
function solve3(m: number[][], b: number[]): [number, number, number] {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const whole = det(m);
  const column = (c: number) => det(m.map((row, i) => row.map((v, j) => (j === c ? b[i]! : v))));
  return [column(0) / whole, column(1) / whole, column(2) / whole];
}
