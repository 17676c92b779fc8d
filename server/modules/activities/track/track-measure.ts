import { geodesicDistance } from '../../map-routes/geodesy';
import { FAMILY_TRAITS, sportFamily } from './sport-family';
import type { ActivityStreams } from './streams';

/**
 * A step between samples longer than this (seconds) is a gap: the recording was paused or the fix lost, and whatever
 * happened in it (a car shuttle back up the hill, a train home, two files joined) is not the athlete's own path. Its
 * straight line is not counted as distance and its time is not moving. Devices record every 1 s, or with "smart
 * recording" every few seconds up to about half a minute, and power-saving modes (Garmin UltraTrac) every 60 s; 90 s
 * leaves those whole with a margin. The price: a tunnel longer than 90 s loses its length (the device's own total,
 * kept beside ours, still has it); inventing kilometres would be the worse error.
 */
export const GAP_S = 90;

/** Per-sample arrays that the stats, splits and laps all start from; computed once per activity (one geodesic pass). */
export type TrackMeasure = {
  /** Metres from the first sample at each sample. Across samples without a fix it grows in proportion to time. */
  distance: Float64Array;
  /** 1 where the step from sample i − 1 to i counts as moving; index 0 is always 0. */
  moving: Uint8Array;
  /** Elevation at each sample, nulls filled in linearly in time (ends held level); null when the file has none. */
  elevation: Float64Array | null;
  /** Where the distance came from: the positions, the device's speed (an indoor ride has no fix), or nothing. */
  source: 'position' | 'speed' | 'none';
};

export function measureTrack(streams: ActivityStreams, sportId: number): TrackMeasure {
  const n = streams.time.length;
  const distance = new Float64Array(n);
  const moving = new Uint8Array(n);
  const threshold = FAMILY_TRAITS[sportFamily(sportId)].autoPauseMps;
  const source = fixCount(streams.position, 2) >= 2 ? 'position' : streams.speed && fixCount(streams.speed, 1) > 0 ? 'speed' : 'none';
  if (source === 'position') fromPositions(streams, threshold, distance, moving);
  else if (source === 'speed') fromSpeed(streams, threshold, distance, moving);
  else fromTimeOnly(streams.time, moving);
  return { distance, moving, elevation: streams.elevation ? fillByTime(streams.elevation, streams.time) : null, source };
}

/** Non-null values, counting no further than `enough`. */
function fixCount(values: readonly unknown[], enough: number) {
  let count = 0;
  for (let i = 0; i < values.length && count < enough; i++) if (values[i] !== null && values[i] !== undefined) count++;
  return count;
}

/**
 * Steps are taken fix to fix: samples without a fix between two fixes share that step's distance (spread by time)
 * and its moving or stopped verdict, so a short tunnel is ridden through rather than stood in.
 */
function fromPositions(streams: ActivityStreams, threshold: number, distance: Float64Array, moving: Uint8Array) {
  const { time, position } = streams;
  const n = time.length;
  let prev = -1;
  let sum = 0;
  for (let j = 0; j < n; j++) {
    const p = position[j];
    if (!p) continue;
    if (prev >= 0) {
      const t0 = time[prev]!;
      const dt = time[j]! - t0;
      // A step with no time (two fixes stamped the same second) still moved the athlete: its length counts.
      const d = dt > GAP_S ? 0 : geodesicDistance(position[prev]!, p);
      for (let k = prev + 1; k < j; k++) distance[k] = dt > 0 ? sum + (d * (time[k]! - t0)) / dt : sum;
      sum += d;
      if (dt > 0 && dt <= GAP_S && d / dt > threshold) moving.fill(1, prev + 1, j + 1);
    }
    distance[j] = sum;
    prev = j;
  }
  distance.fill(sum, prev + 1);
}

/** Without positions the device's own speed (wheel sensor, trainer) gives the distance, step by step. */
function fromSpeed(streams: ActivityStreams, threshold: number, distance: Float64Array, moving: Uint8Array) {
  const { time } = streams;
  const speed = streams.speed!;
  let sum = 0;
  for (let k = 1; k < time.length; k++) {
    const dt = time[k]! - time[k - 1]!;
    const v = linearMean(speed, k, 0, 1);
    if (dt > 0 && dt <= GAP_S && v > 0) {
      sum += v * dt;
      if (v > threshold) moving[k] = 1;
    }
    distance[k] = sum;
  }
}

/** With neither positions nor speed (a gym session with a heart-rate strap) no stop can be told: all time moves. */
function fromTimeOnly(time: readonly number[], moving: Uint8Array) {
  for (let k = 1; k < time.length; k++) {
    const dt = time[k]! - time[k - 1]!;
    if (dt > 0 && dt <= GAP_S) moving[k] = 1;
  }
}

/**
 * The mean of a value over part of the step from sample k − 1 to k (fractions u0 ≤ u1 of the step), taking it as
 * linear between the two samples; one end missing holds the other; NaN when both are missing. With `zeroIsMissing`
 * a zero counts as missing (a coasting rider's cadence is not a cadence).
 */
export function linearMean(values: readonly (number | null)[], k: number, u0: number, u1: number, zeroIsMissing = false): number {
  let a = values[k - 1] ?? NaN;
  let b = values[k] ?? NaN;
  if (zeroIsMissing) {
    if (a === 0) a = NaN;
    if (b === 0) b = NaN;
  }
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return a + ((b - a) * (u0 + u1)) / 2;
}

function fillByTime(values: readonly (number | null)[], time: readonly number[]): Float64Array | null {
  const n = time.length;
  const out = new Float64Array(n);
  let prev = -1;
  for (let j = 0; j < n; j++) {
    const v = values[j];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (prev < 0) out.fill(v, 0, j);
    else {
      const a = out[prev]!;
      const t0 = time[prev]!;
      const dt = time[j]! - t0;
      for (let k = prev + 1; k < j; k++) out[k] = dt > 0 ? a + ((v - a) * (time[k]! - t0)) / dt : a;
    }
    out[j] = v;
    prev = j;
  }
  if (prev < 0) return null;
  out.fill(out[prev]!, prev + 1);
  return out;
}

/** A value at a fractional sample position x (sample floor(x), a fraction of the way to the next). */
export function valueAt(values: ArrayLike<number>, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = values[i] ?? 0;
  return f === 0 ? a : a + ((values[i + 1] ?? a) - a) * f;
}
