import type { UNITS } from '#contract/user';
import type { ActivityStreams } from './streams';
import { linearMean, valueAt, type TrackMeasure } from './track-measure';

/** The numbers of one stretch of an activity: a split, a lap, or the whole of it. */
export type SplitStats = {
  distanceM: number;
  elapsedS: number;
  movingS: number;
  /** End elevation minus start elevation, metres; null when the file has no elevation. */
  elevationChangeM: number | null;
  /** Means over the moving time, weighted by time (a device that records less often when steady is not skewed). */
  averageHeartRate: number | null;
  averagePower: number | null;
  /** Zeros (coasting, standing) left out, as devices do by default. */
  averageCadence: number | null;
};

/** The split lengths: a kilometre, and an international mile. */
export const SPLIT_M: Record<(typeof UNITS)[number], number> = { metric: 1000, imperial: 1609.344 };

// A remainder shorter than this is rounding, not a last partial split (a track ending on a kilometre mark).
const MIN_PARTIAL_M = 0.5;

/**
 * Splits of `splitM` metres, the last one partial. Each boundary is placed exactly where the distance crosses it, by
 * linear interpolation between the two samples around it, and the time, moving time, elevation and means of the step
 * it cuts are shared between the two splits in that proportion.
 */
export function activitySplits(streams: ActivityStreams, measure: TrackMeasure, splitM: number): SplitStats[] {
  const n = streams.time.length;
  const d = measure.distance;
  if (n < 2 || !(splitM > 0)) return [];
  const total = d[n - 1]!;
  const splits: SplitStats[] = [];
  let from = 0;
  let i = 1;
  for (let k = 1; k * splitM <= total; k++) {
    const target = k * splitM;
    while (d[i]! < target) i++;
    const x = i - 1 + (target - d[i - 1]!) / (d[i]! - d[i - 1]!);
    splits.push(summariseRange(streams, measure, from, x));
    from = x;
  }
  if (total - valueAt(d, from) >= MIN_PARTIAL_M) splits.push(summariseRange(streams, measure, from, n - 1));
  return splits;
}

/**
 * The numbers between two fractional sample positions (sample floor(x), a fraction of the way to the next), in one
 * pass over the steps between them; a step cut by either end counts for the part inside.
 */
export function summariseRange(streams: ActivityStreams, measure: TrackMeasure, from: number, to: number): SplitStats {
  const { time } = streams;
  const n = time.length;
  if (n === 0) return { distanceM: 0, elapsedS: 0, movingS: 0, elevationChangeM: null, averageHeartRate: null, averagePower: null, averageCadence: null };
  const a = Math.min(Math.max(from, 0), n - 1);
  const b = Math.min(Math.max(to, a), n - 1);
  const heartRate = new TimeWeightedMean(streams.heartRate);
  const power = new TimeWeightedMean(streams.power);
  const cadence = new TimeWeightedMean(streams.cadence, true);
  let movingS = 0;
  for (let k = Math.max(1, Math.floor(a) + 1); k <= Math.ceil(b); k++) {
    if (measure.moving[k] !== 1) continue;
    const u0 = Math.max(0, a - (k - 1));
    const u1 = Math.min(1, b - (k - 1));
    const dt = (u1 - u0) * (time[k]! - time[k - 1]!);
    if (!(dt > 0)) continue;
    movingS += dt;
    heartRate.add(k, u0, u1, dt);
    power.add(k, u0, u1, dt);
    cadence.add(k, u0, u1, dt);
  }
  return {
    distanceM: valueAt(measure.distance, b) - valueAt(measure.distance, a),
    elapsedS: Math.max(0, valueAt(time, b) - valueAt(time, a)),
    movingS,
    elevationChangeM: measure.elevation ? valueAt(measure.elevation, b) - valueAt(measure.elevation, a) : null,
    averageHeartRate: heartRate.mean(),
    averagePower: power.mean(),
    averageCadence: cadence.mean(),
  };
}

class TimeWeightedMean {
  private sum = 0;
  private weight = 0;
  constructor(
    private readonly values: readonly (number | null)[] | undefined,
    private readonly zeroIsMissing = false,
  ) {}

  add(k: number, u0: number, u1: number, dt: number) {
    if (!this.values) return;
    const v = linearMean(this.values, k, u0, u1, this.zeroIsMissing);
    if (Number.isNaN(v)) return;
    this.sum += v * dt;
    this.weight += dt;
  }

  mean() {
    return this.weight > 0 ? this.sum / this.weight : null;
  }
}
