import type { LngLat } from '#contract/map-routes';
import { seededRandom } from '../lib/seeded-random';

/**
 * Made-up but believable recordings for the demo world's activities: a path (a loop or an out-and-back from a seeded
 * random walk whose heading turns smoothly, or an existing route followed), an elevation profile along it, and a
 * ride, run, hike or walk along that path in time, as a device samples it: speed that drops on climbs, heart rate that
 * follows effort with a lag, cadence and power for rides, stops, and a little GPS noise. Everything is drawn from a
 * seeded generator, so the same seed makes the same activity (the tests rely on that).
 */


/** A standard normal draw (Box–Muller). */
const gaussian = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** The signed smallest turn from heading `from` to `to`, radians. */
const turn = (from: number, to: number) => Math.atan2(Math.sin(to - from), Math.cos(to - from));
const ease = (x: number) => (1 - Math.cos(Math.PI * clamp(x, 0, 1))) / 2;

const M_PER_DEG = 111_320;
/** Metres between the points of a built path: finer than any sample step, coarse enough to stay cheap. */
const PATH_STEP_M = 20;
/** Seconds between the steps an outing is simulated in, and between its samples when it is short. */
export const SAMPLE_S = 5;
/**
 * Samples kept at most: a longer outing keeps every second or third step, as a watch's "smart" recording spaces its
 * points out on a steady stretch. A few hundred points draw a smooth map and chart and keep the demo's imports quick.
 */
export const MAX_SAMPLES = 400;

export type Motion = 'mtb' | 'road' | 'ebike' | 'hike' | 'run' | 'walk';

/** `[lng, lat, elevation m]`. */
export type RoutePoint = readonly [number, number, number];

/** Where an activity goes. Bearings are compass degrees (0 north, 90 east); the climb is metres above the start. */
export type PathSpec =
  | { shape: 'loop' | 'out-and-back'; start: RoutePoint; distanceM: number; bearing: number; climbM: number }
  /** An existing route followed `laps` times, then back along it to its start when `back`. */
  | { shape: 'route'; points: readonly RoutePoint[]; laps: number; back: boolean };

/** One sample as a device records it; distance is metres travelled since the start. */
export type TrackSample = { time: number; lng: number; lat: number; ele: number; distance: number; hr: number; cadence: number | null; power: number | null };

type Path = { points: LngLat[]; ele: number[]; cum: number[] };

/**
 * How each way of moving goes. Rides solve for the speed a target power holds on the grade (mass, rolling resistance
 * and drag area), capped on the flat and freewheeling on descents; on foot, speed follows Tobler's hiking function
 * (fastest on a gentle descent). An eBike's motor multiplies the rider's power up to its assisted top speed.
 */
type RideTraits = { massKg: number; crr: number; cdA: number; ftpW: number; assist: number; maxMps: number; descentMps: number };
/** On foot: the usual speed on the flat, and how hard that is (a share of the heart-rate reserve, roughly). */
type FootTraits = { mps: number; effort: number };
type MotionTraits = { wiggle: number; cadence: number | null } & ({ ride: RideTraits; foot?: never } | { foot: FootTraits; ride?: never });

const MOTIONS: Record<Motion, MotionTraits> = {
  mtb: { ride: { massKg: 86, crr: 0.02, cdA: 0.5, ftpW: 230, assist: 1, maxMps: 6, descentMps: 7.5 }, wiggle: 0.05, cadence: 78 },
  road: { ride: { massKg: 78, crr: 0.005, cdA: 0.32, ftpW: 230, assist: 1, maxMps: 10.5, descentMps: 15 }, wiggle: 0.012, cadence: 88 },
  ebike: { ride: { massKg: 102, crr: 0.008, cdA: 0.55, ftpW: 140, assist: 2.2, maxMps: 6.3, descentMps: 8 }, wiggle: 0.02, cadence: 74 },
  hike: { foot: { mps: 1.4, effort: 0.55 }, wiggle: 0.06, cadence: null },
  run: { foot: { mps: 3.0, effort: 0.75 }, wiggle: 0.035, cadence: 86 },
  walk: { foot: { mps: 1.35, effort: 0.35 }, wiggle: 0.04, cadence: null },
};

export type Outing = {
  path: PathSpec;
  motion: Motion;
  /** Epoch seconds of the first sample. */
  startS: number;
  /** The athlete's heart rate at rest and at most. */
  heartRate: { rest: number; max: number };
  /** Faster (above 1) or easier than the way of moving's usual pace: a tempo run, a recovery spin. */
  pace?: number;
  seed: number;
};

/** The samples of an outing: its path built, then travelled in time. */
export function recordOuting(outing: Outing): TrackSample[] {
  const random = seededRandom(outing.seed);
  const path = buildPath(outing.path, MOTIONS[outing.motion].wiggle, random);
  return travel(path, outing, random);
}

/** Metres east and north as degrees at a latitude. */
const offset = ([lng, lat]: LngLat, east: number, north: number): LngLat => [lng + east / (M_PER_DEG * Math.cos((lat * Math.PI) / 180)), lat + north / M_PER_DEG];

function buildPath(spec: PathSpec, wiggle: number, random: () => number): Path {
  if (spec.shape === 'route') return followRoute(spec.points, spec.laps, spec.back, random);
  const walk = spec.shape === 'loop' ? loopWalk(spec.distanceM, spec.bearing, wiggle, random) : outAndBackWalk(spec.distanceM, spec.bearing, wiggle, random);
  const start: LngLat = [spec.start[0], spec.start[1]];
  const points = walk.map(([east, north]) => offset(start, east, north));
  const cum = cumulative(points);
  const total = cum.at(-1)!;
  const profile = elevationProfile(spec.shape, spec.climbM, random);
  return { points, cum, ele: cum.map((d) => spec.start[2] + profile(d / total)) };
}

/**
 * A loop: the heading's target turns once around over the distance (so the walk closes on itself, its middle lying
 * towards `bearing`), the heading drifts smoothly around it (a turn rate that itself wanders), and over the last third
 * it is pulled home, then goes straight to the start for whatever is left.
 */
function loopWalk(distanceM: number, bearing: number, wiggle: number, random: () => number): [number, number][] {
  const side = random() < 0.5 ? 1 : -1;
  const first = (bearing * Math.PI) / 180 - (side * Math.PI) / 2;
  const steps = Math.round(distanceM / PATH_STEP_M);
  let heading = first;
  let rate = 0;
  let [x, y] = [0, 0];
  const out: [number, number][] = [[0, 0]];
  for (let i = 1; i <= steps; i++) {
    const p = i / steps;
    rate = 0.85 * rate + wiggle * gaussian(random);
    heading += rate + 0.08 * turn(heading, first + side * 2 * Math.PI * p);
    if (p > 0.65) heading += ((p - 0.65) / 0.35) ** 2 * turn(heading, Math.atan2(-x, -y));
    x += Math.sin(heading) * PATH_STEP_M;
    y += Math.cos(heading) * PATH_STEP_M;
    out.push([x, y]);
  }
  const left = Math.hypot(x, y);
  for (let k = Math.ceil(left / PATH_STEP_M) - 1; k >= 0; k--) out.push([(x * k * PATH_STEP_M) / left, (y * k * PATH_STEP_M) / left]);
  return out;
}

/** Out along `bearing` (the heading wandering about it) for half the distance, and back the same way. */
function outAndBackWalk(distanceM: number, bearing: number, wiggle: number, random: () => number): [number, number][] {
  const aim = (bearing * Math.PI) / 180;
  let heading = aim;
  let rate = 0;
  let [x, y] = [0, 0];
  const out: [number, number][] = [[0, 0]];
  for (let i = 1; i <= Math.round(distanceM / 2 / PATH_STEP_M); i++) {
    rate = 0.85 * rate + wiggle * gaussian(random);
    heading += rate + 0.06 * turn(heading, aim);
    x += Math.sin(heading) * PATH_STEP_M;
    y += Math.cos(heading) * PATH_STEP_M;
    out.push([x, y]);
  }
  return [...out, ...out.slice(0, -1).reverse()];
}

/**
 * Height above the start along the path (`p`, 0 to 1 of its length): a loop climbs to a summit somewhere in its
 * middle and comes down; an out-and-back climbs to its turnaround and comes back down the same slope. Rolling bumps
 * (whole sine waves, so the ends stay at the start's height) add the small ups and downs every route has.
 */
function elevationProfile(shape: 'loop' | 'out-and-back', climbM: number, random: () => number): (p: number) => number {
  const summit = 0.35 + random() * 0.25;
  const rolling = Math.max(4, climbM * 0.06);
  const waves = [3, 5, 8, 13].map((k) => ({ k, a: (rolling / Math.sqrt(k)) * (random() < 0.5 ? -1 : 1) }));
  const bumps = (u: number) => waves.reduce((s, w) => s + w.a * Math.sin(Math.PI * w.k * u), 0);
  if (shape === 'out-and-back') {
    return (p) => {
      const q = 1 - Math.abs(2 * p - 1);
      return climbM * ease(q) + bumps(q);
    };
  }
  return (p) => climbM * (p < summit ? ease(p / summit) : 1 - ease((p - summit) / (1 - summit))) + bumps(p);
}

/** A route's line made fine (PATH_STEP_M), its elevations between its points, lapped and back as asked. */
function followRoute(points: readonly RoutePoint[], laps: number, back: boolean, random: () => number): Path {
  const fine: RoutePoint[] = [];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    const steps = Math.max(1, Math.ceil(metresBetween([a[0], a[1]], [b[0], b[1]]) / PATH_STEP_M));
    for (let k = 0; k < steps; k++) fine.push([a[0] + ((b[0] - a[0]) * k) / steps, a[1] + ((b[1] - a[1]) * k) / steps, a[2] + ((b[2] - a[2]) * k) / steps]);
  }
  fine.push(points.at(-1)!);
  let whole = [...fine];
  for (let lap = 1; lap < laps; lap++) whole.push(...fine.slice(1));
  if (back) whole = [...whole, ...whole.slice(0, -1).reverse()];
  const cum = cumulative(whole.map((p) => [p[0], p[1]]));
  const total = cum.at(-1)!;
  // The small rises and dips between a route's points, several metres every six hundred: whole waves a lap, so each
  // lap starts at the route's height; on the way back the same bumps again, the turnaround on the crest of one (a
  // summit is never lower than the route says).
  const bump = 6 + random() * 3;
  const lap = back ? total / 2 : total / laps;
  const waves = Math.max(1, Math.round(lap / 600));
  const rise = (c: number) => (back ? Math.sin((waves - 0.75) * 2 * Math.PI * (Math.min(c, total - c) / lap)) : Math.sin((2 * Math.PI * waves * (c % lap)) / lap));
  return { points: whole.map((p) => [p[0], p[1]]), cum, ele: whole.map((p, i) => p[2] + bump * rise(cum[i]!)) };
}

function metresBetween(a: LngLat, b: LngLat) {
  const kx = M_PER_DEG * Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  return Math.hypot((b[0] - a[0]) * kx, (b[1] - a[1]) * M_PER_DEG);
}

function cumulative(points: readonly LngLat[]): number[] {
  const cum = [0];
  for (let i = 1; i < points.length; i++) cum.push(cum[i - 1]! + metresBetween(points[i - 1]!, points[i]!));
  return cum;
}

/** The point, elevation and grade at `d` metres along the path (`at` remembers where the last lookup ended). */
function locate(path: Path, d: number, at: { i: number }) {
  const { cum, points, ele } = path;
  while (at.i < cum.length - 2 && cum[at.i + 1]! < d) at.i++;
  const i = at.i;
  const span = cum[i + 1]! - cum[i]! || 1;
  const f = clamp((d - cum[i]!) / span, 0, 1);
  const [a, b] = [points[i]!, points[i + 1]!];
  const back = Math.max(0, i - 1);
  const ahead = Math.min(cum.length - 1, i + 2);
  const grade = clamp((ele[ahead]! - ele[back]!) / (cum[ahead]! - cum[back]! || 1), -0.35, 0.35);
  return { lng: a[0] + (b[0] - a[0]) * f, lat: a[1] + (b[1] - a[1]) * f, ele: ele[i]! + (ele[i + 1]! - ele[i]!) * f, grade };
}

/** The speed (m/s) at which a rider's power holds the grade against gravity, rolling resistance and drag. */
function rideSpeed(powerW: number, grade: number, r: { massKg: number; crr: number; cdA: number }) {
  const resist = r.massKg * 9.81 * (grade + r.crr);
  let [lo, hi] = [0.3, 25];
  for (let k = 0; k < 30; k++) {
    const v = (lo + hi) / 2;
    if (resist * v + 0.6 * r.cdA * v ** 3 > powerW) hi = v;
    else lo = v;
  }
  return lo;
}

/**
 * The path travelled in time: each SAMPLE_S the speed eases towards what the grade allows, power is what that speed
 * costs (none freewheeling downhill), heart rate rises towards the effort with a lag of half a minute, and one or two
 * stops (a light, a snack, the view) hold the position while the clock runs.
 */
function travel(path: Path, outing: Outing, random: () => number): TrackSample[] {
  const m = MOTIONS[outing.motion];
  const total = path.cum.at(-1)!;
  const pace = outing.pace ?? 1;
  const { rest, max } = outing.heartRate;
  const stops = Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({ atM: total * (0.25 + random() * 0.5), seconds: 30 + Math.round(random() * 240) })).sort((a, b) => a.atM - b.atM);
  const at = { i: 0 };
  const samples: TrackSample[] = [];
  let [d, t, v, hr, feel] = [0, outing.startS, 1, rest + 20, 0];
  // GPS error wanders slowly (a metre or two), rather than jumping each sample, which would add distance.
  const gps = { east: 0, north: 0 };
  const record = (spot: ReturnType<typeof locate>, effort: number, cadence: number | null, power: number | null) => {
    hr += (rest + (max - rest) * clamp(0.22 + 0.7 * effort, 0, 0.97) - hr) * (1 - Math.exp(-SAMPLE_S / 30));
    gps.east = 0.9 * gps.east + 0.6 * gaussian(random);
    gps.north = 0.9 * gps.north + 0.6 * gaussian(random);
    const [lng, lat] = offset([spot.lng, spot.lat], gps.east, gps.north);
    samples.push({ time: t, lng, lat, ele: spot.ele + 0.4 * gaussian(random), distance: d, hr: Math.round(hr + gaussian(random)), cadence, power });
  };
  while (d < total) {
    const spot = locate(path, d, at);
    // A slow wander in how the legs feel, so speed and power are never flat lines.
    feel = 0.9 * feel + 0.04 * gaussian(random);
    let power: number | null = null;
    let effort: number;
    if (m.ride) {
      const r = m.ride;
      const coasting = spot.grade < -0.025;
      const push = coasting ? 0 : r.ftpW * pace * (0.6 + 0.28 * clamp(spot.grade / 0.08, 0, 1)) * (1 + feel);
      const target = coasting ? Math.min(r.descentMps, Math.sqrt((2 * r.massKg * 9.81 * Math.max(0.001, -spot.grade - r.crr)) / (1.2 * r.cdA))) : Math.min(r.maxMps * pace, rideSpeed(push * r.assist, spot.grade, r));
      v += (target - v) * 0.35;
      power = coasting ? 0 : Math.max(0, Math.round((r.massKg * 9.81 * (spot.grade + r.crr) * v + 0.6 * r.cdA * v ** 3) / r.assist));
      effort = coasting ? 0.15 : power / r.ftpW;
    } else {
      const f = m.foot;
      // Tobler: walking speed falls off either side of a 5 % descent.
      const target = f.mps * pace * Math.exp(-3.5 * Math.abs(spot.grade + 0.05) + 0.175) * (1 + feel);
      v += (target - v) * 0.35;
      effort = f.effort * (v / f.mps) * (1 + 8 * Math.max(0, spot.grade));
    }
    const cadence = m.cadence === null ? null : power === 0 ? 0 : Math.round(m.cadence * (m.ride ? 1 - 0.6 * Math.max(0, spot.grade) : 1) + 2 * gaussian(random));
    record(spot, effort, cadence, power);
    d += v * SAMPLE_S;
    t += SAMPLE_S;
    const stop = stops[0];
    if (stop && d >= stop.atM) {
      stops.shift();
      const here = locate(path, Math.min(d, total), at);
      for (let s = 0; s < stop.seconds; s += SAMPLE_S, t += SAMPLE_S) record(here, 0, m.cadence === null ? null : 0, m.ride ? 0 : null);
    }
  }
  d = total;
  record(locate(path, total, at), 0.2, m.cadence === null ? null : 0, m.ride ? 0 : null);
  const every = Math.ceil(samples.length / MAX_SAMPLES);
  return samples.filter((_, i) => i % every === 0 || i === samples.length - 1);
}
