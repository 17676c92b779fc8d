import type { LngLat } from '#contract/map-routes';
import { elevationGainLoss } from '../../map-routes/elevation';
import { activityLaps } from './laps';
import { FAMILY_TRAITS, sportFamily } from './sport-family';
import { activitySplits, SPLIT_M, summariseRange, type SplitStats } from './splits';
import type { ActivityStreams, DeviceTotals, FileLap } from './streams';
import { linearMean, measureTrack, type TrackMeasure } from './track-measure';

/** A maximum heart rate when the member has not given theirs: a middle-aged adult's, and Strava's own default. */
export const DEFAULT_MAX_HEART_RATE = 190;

/** Heart-rate zones as shares of the maximum: zone 1 below 60 %, then 60, 70, 80 and 90 % (the five-zone %HRmax model). */
export const HEART_RATE_ZONE_SHARES = [0.6, 0.7, 0.8, 0.9] as const;

/**
 * Max speed is the fastest speed held for this long: the highest, over every stretch of at least this many seconds,
 * of the slowest step in it. One misplaced fix (a 30 m jump under trees is common) makes a 1 s step of 100 km/h and
 * its return step another; neither survives a 5 s minimum, while a real sprint or descent lasts longer than 5 s. (An
 * average over 5 s would still carry 60 m of jump: 12 m/s too fast.)
 */
export const MAX_SPEED_HOLD_S = 5;

/** Mechanical work to food energy: muscles turn about 24 % of it into work, and a kilocalorie is 4.184 kJ. */
const GROSS_EFFICIENCY = 0.24;
const KJ_PER_KCAL = 4.184;

export type ActivityStats = Omit<SplitStats, 'elevationChangeM'> & {
  /** Distance / moving time, m/s; null with no moving time. */
  averageSpeedMps: number | null;
  maxSpeedMps: number | null;
  /** Moving seconds per km and per mile, for sports shown as a pace (sport-family.ts); null otherwise. */
  paceSPerKm: number | null;
  paceSPerMile: number | null;
  elevationGainM: number | null;
  elevationLossM: number | null;
  elevationMinM: number | null;
  elevationMaxM: number | null;
  maxHeartRate: number | null;
  /** Seconds of moving time in each of the five zones, and the zones' lower bounds (bpm) for zones 2–5. */
  heartRateZones: { maxHeartRate: number; lowerBounds: number[]; seconds: number[] } | null;
  maxPower: number | null;
  calories: number | null;
  /** The device's own count, or our estimate from the power meter's work (say "estimated" beside it). */
  caloriesSource: 'device' | 'power' | null;
  /** `[west, south, east, north]` of the fixes; null without one. */
  bounds: [number, number, number, number] | null;
  start: LngLat | null;
  end: LngLat | null;
  splits: { metric: SplitStats[]; imperial: SplitStats[] };
  laps: SplitStats[];
};

export type ActivityStatsOptions = {
  sportId: number;
  laps?: readonly FileLap[];
  totals?: DeviceTotals;
  /** The member's maximum heart rate, for the zones; DEFAULT_MAX_HEART_RATE without one. */
  maxHeartRate?: number;
  /** measureTrack's answer when the caller already has it (the charts' distance axis), to walk the track once. */
  measure?: TrackMeasure;
};

/** Everything the server computes from an activity's streams (issue 21), in a few linear passes. */
export function activityStats(streams: ActivityStreams, options: ActivityStatsOptions): ActivityStats {
  const measure = options.measure ?? measureTrack(streams, options.sportId);
  const n = streams.time.length;
  const whole = summariseRange(streams, measure, 0, n - 1);
  const { distanceM, movingS } = whole;
  const paced = FAMILY_TRAITS[sportFamily(options.sportId)].paced && distanceM > 0 && movingS > 0;
  const elevation = elevationStats(streams.elevation);
  const positions = positionStats(streams.position);
  const maxHeartRate = options.maxHeartRate && options.maxHeartRate > 0 ? options.maxHeartRate : DEFAULT_MAX_HEART_RATE;
  const deviceCalories = options.totals?.calories;
  // A device writes 0 when it counted nothing; no activity burns nothing.
  const calories =
    deviceCalories && deviceCalories > 0
      ? deviceCalories
      : whole.averagePower !== null && movingS > 0
        ? (whole.averagePower * movingS) / 1000 / GROSS_EFFICIENCY / KJ_PER_KCAL
        : null;
  return {
    distanceM,
    elapsedS: whole.elapsedS,
    movingS,
    averageSpeedMps: movingS > 0 ? distanceM / movingS : null,
    maxSpeedMps: maxHeldSpeed(streams.time, measure.distance),
    paceSPerKm: paced ? movingS / (distanceM / SPLIT_M.metric) : null,
    paceSPerMile: paced ? movingS / (distanceM / SPLIT_M.imperial) : null,
    ...elevation,
    averageHeartRate: whole.averageHeartRate,
    maxHeartRate: maxOf(streams.heartRate),
    heartRateZones: streams.heartRate ? heartRateZones(streams, measure, maxHeartRate) : null,
    averagePower: whole.averagePower,
    maxPower: maxOf(streams.power),
    averageCadence: whole.averageCadence,
    calories,
    caloriesSource: calories === null ? null : deviceCalories && deviceCalories > 0 ? 'device' : 'power',
    ...positions,
    splits: { metric: activitySplits(streams, measure, SPLIT_M.metric), imperial: activitySplits(streams, measure, SPLIT_M.imperial) },
    laps: options.laps ? activityLaps(streams, measure, options.laps) : [],
  };
}

function elevationStats(elevations: readonly (number | null)[] | undefined) {
  const known: number[] = [];
  let min = Infinity;
  let max = -Infinity;
  for (const e of elevations ?? []) {
    if (e === null || !Number.isFinite(e)) continue;
    known.push(e);
    if (e < min) min = e;
    if (e > max) max = e;
  }
  if (known.length === 0) return { elevationGainM: null, elevationLossM: null, elevationMinM: null, elevationMaxM: null };
  const { gain, loss } = elevationGainLoss(known);
  return { elevationGainM: gain, elevationLossM: loss, elevationMinM: min, elevationMaxM: max };
}

/** Bounds, start and end of the fixes. Longitudes are not unwrapped: a track across the antimeridian gets wide bounds. */
function positionStats(positions: readonly (LngLat | null)[]) {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  let start: LngLat | null = null;
  let end: LngLat | null = null;
  for (const p of positions) {
    if (!p) continue;
    start ??= p;
    end = p;
    if (p[0] < west) west = p[0];
    if (p[0] > east) east = p[0];
    if (p[1] < south) south = p[1];
    if (p[1] > north) north = p[1];
  }
  return { bounds: start ? ([west, south, east, north] as [number, number, number, number]) : null, start, end };
}

function maxOf(values: readonly (number | null)[] | undefined): number | null {
  let max = -Infinity;
  for (const v of values ?? []) if (v !== null && v > max) max = v;
  return Number.isFinite(max) ? max : null;
}

/**
 * MAX_SPEED_HOLD_S in one pass: for each step, the window is the shortest run of steps ending there that lasts the
 * hold time; a monotonic deque of step indexes keeps the slowest step of the window at its front.
 */
function maxHeldSpeed(time: readonly number[], distance: Float64Array): number | null {
  const n = time.length;
  const deque = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let start = 1; // first step of the window: the step from sample start − 1 to start
  let best = -1;
  const speed = (k: number) => (distance[k]! - distance[k - 1]!) / (time[k]! - time[k - 1]!);
  for (let k = 1; k < n; k++) {
    if (!(time[k]! > time[k - 1]!)) continue; // no time, no speed: neither counts nor breaks a window
    const v = speed(k);
    while (tail > head && speed(deque[tail - 1]!) >= v) tail--;
    deque[tail++] = k;
    // Shrink from the left while what remains still lasts the hold time.
    while (start < k && time[k]! - time[start]! >= MAX_SPEED_HOLD_S) start++;
    while (deque[head]! < start) head++;
    if (time[k]! - time[start - 1]! >= MAX_SPEED_HOLD_S) best = Math.max(best, speed(deque[head]!));
  }
  return best >= 0 ? best : null;
}

function heartRateZones(streams: ActivityStreams, measure: TrackMeasure, maxHeartRate: number) {
  const lowerBounds = HEART_RATE_ZONE_SHARES.map((share) => share * maxHeartRate);
  const seconds = [0, 0, 0, 0, 0];
  const { time } = streams;
  const heartRate = streams.heartRate!;
  for (let k = 1; k < time.length; k++) {
    if (measure.moving[k] !== 1) continue;
    const bpm = linearMean(heartRate, k, 0, 1);
    if (Number.isNaN(bpm)) continue;
    let zone = 0;
    while (zone < lowerBounds.length && bpm >= lowerBounds[zone]!) zone++;
    seconds[zone]! += time[k]! - time[k - 1]!;
  }
  return { maxHeartRate, lowerBounds, seconds };
}
