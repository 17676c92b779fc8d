import { ACTIVITY_SERIES, TRACK_POINTS_MAX, type ActivitySeries, type ActivityTrack } from '#contract/activities';
import type { LngLat } from '#contract/map-routes';
import { simplifyLine } from '../../map-routes/simplify';
import type { ActivityStreams } from '../track/streams';
import { GAP_S, type TrackMeasure } from '../track/track-measure';

/** Vertices the map line keeps for its shape before the rest of the budget is spread evenly for the charts. */
const SHAPE_POINTS = 600;
/** Seconds either side of a point that its computed speed is measured over: one GPS fix's error spread thin. */
const SPEED_HALF_WINDOW_S = 5;

/** The track as stored: `activityTrack` without the activity's id, which the endpoint puts in front as it sends it. */
export type StoredTrack = Omit<ActivityTrack, 'activityId'>;

/**
 * The track as the map and the charts take it (contract `activityTrack`), from streams already trimmed for the
 * audience: at most TRACK_POINTS_MAX samples, picked so the line keeps its shape (Douglas–Peucker vertices) and the
 * charts their even spacing (every k-th sample), always keeping both sides of a break and the edges of what is hidden.
 *
 * `hidden` (the owner's view): the samples others do not see, as index ranges of the answer. `breaks` (others' view):
 * sample indexes where the trimmed track resumes after a pass through a zone; a recording gap (GAP_S) breaks too.
 */
export function trackPayload(streams: ActivityStreams, measure: TrackMeasure, { hidden, breaks = [] }: { hidden?: Uint8Array; breaks?: readonly number[] }): StoredTrack {
  const { time, position } = streams;
  const n = time.length;
  const mustKeep = new Set<number>();
  for (const b of breaks) {
    mustKeep.add(b - 1);
    mustKeep.add(b);
  }
  const gapAt = new Set<number>();
  for (let i = 1; i < n; i++) {
    if (time[i]! - time[i - 1]! > GAP_S) {
      gapAt.add(i);
      mustKeep.add(i - 1);
      mustKeep.add(i);
    }
  }
  if (hidden) {
    for (let i = 1; i < n; i++) {
      if (hidden[i] === hidden[i - 1]) continue;
      mustKeep.add(i - 1);
      mustKeep.add(i);
    }
  }
  const picked = pickIndexes(position, n, mustKeep);

  const breakSet = new Set([...breaks, ...gapAt]);
  const outBreaks: number[] = [];
  const hiddenRanges: [number, number][] = [];
  const speed = streams.speed ?? computedSpeed(time, measure);
  const t0 = time[0] ?? 0;
  const coordinates: (LngLat | null)[] = [];
  const distance: number[] = [];
  const times: number[] = [];
  const series: StoredTrack['series'] = {};
  const wanted = seriesValues(streams, speed);
  for (const key of Object.keys(wanted) as ActivitySeries[]) series[key] = [];
  let prev = -1;
  for (let k = 0; k < picked.length; k++) {
    const i = picked[k]!;
    const p = position[i];
    coordinates.push(p ? [round(p[0], 6), round(p[1], 6)] : null);
    distance.push(round(measure.distance[i]!, 1));
    times.push(time[i]! - t0);
    for (const [key, values] of Object.entries(wanted) as [ActivitySeries, readonly (number | null)[]][]) {
      const v = values[i];
      series[key]!.push(v === null || v === undefined || !Number.isFinite(v) ? null : round(v, key === 'speed' ? 2 : 1));
    }
    // A break anywhere since the previous picked sample starts a new piece here.
    if (k > 0 && hasBreakBetween(breakSet, prev, i)) outBreaks.push(k);
    if (hidden?.[i]) {
      const last = hiddenRanges.at(-1);
      if (last && last[1] === k - 1) last[1] = k;
      else hiddenRanges.push([k, k]);
    }
    prev = i;
  }
  return { coordinates, distance, time: times, breaks: outBreaks, hiddenRanges, bounds: boundsOf(position), series };
}

/** The values of each series the streams carry, in ACTIVITY_SERIES order; speed whenever there is distance to take it from. */
function seriesValues(streams: ActivityStreams, speed: readonly (number | null)[] | null) {
  const values: Record<ActivitySeries, readonly (number | null)[] | null | undefined> = {
    elevation: streams.elevation,
    speed,
    heartRate: streams.heartRate,
    cadence: streams.cadence,
    power: streams.power,
    temperature: streams.temperature,
  };
  return Object.fromEntries(ACTIVITY_SERIES.filter((key) => values[key]).map((key) => [key, values[key]!])) as Partial<Record<ActivitySeries, readonly (number | null)[]>>;
}

/** Which series a track has, in ACTIVITY_SERIES order (the detail's `series`): which charts its page draws. */
export function seriesOf(streams: ActivityStreams, measure: TrackMeasure): ActivitySeries[] {
  const hasSpeed = streams.speed !== undefined || measure.source !== 'none';
  return ACTIVITY_SERIES.filter((key) => (key === 'speed' ? hasSpeed : streams[key] !== undefined));
}

function hasBreakBetween(breaks: ReadonlySet<number>, from: number, to: number) {
  for (let j = from + 1; j <= to; j++) if (breaks.has(j)) return true;
  return false;
}

/** Every sample when they fit; else the line's shape, the samples that must stay, and an even spread to fill the budget. */
function pickIndexes(position: readonly (LngLat | null)[], n: number, mustKeep: ReadonlySet<number>): number[] {
  if (n <= TRACK_POINTS_MAX) return Array.from({ length: n }, (_, i) => i);
  const chosen = new Set<number>([0, n - 1]);
  for (const i of mustKeep) if (i >= 0 && i < n) chosen.add(i);
  const fixes: number[] = [];
  for (let i = 0; i < n; i++) if (position[i]) fixes.push(i);
  if (fixes.length > 2) {
    const shape = simplifyLine(
      fixes.map((i) => position[i]!),
      2,
      SHAPE_POINTS,
    );
    for (const j of shape.indices) chosen.add(fixes[j]!);
  }
  const room = Math.max(0, TRACK_POINTS_MAX - chosen.size);
  const step = n / Math.max(1, room);
  for (let x = 0; x < n && chosen.size < TRACK_POINTS_MAX; x += step) chosen.add(Math.floor(x));
  return [...chosen].sort((a, b) => a - b).slice(0, TRACK_POINTS_MAX);
}

/**
 * Speed at each sample from the distance covered in the seconds around it (two pointers over the samples), null in a
 * recording gap or without distance: a 1 s step between two fixes is mostly GPS noise, ten seconds of them are not.
 * Where the samples are sparser than that, from the neighbours either side (short of a gap).
 */
function computedSpeed(time: readonly number[], measure: TrackMeasure): (number | null)[] | null {
  if (measure.source === 'none') return null;
  const n = time.length;
  const d = measure.distance;
  const out = new Array<number | null>(n);
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    while (time[i]! - time[lo]! > SPEED_HALF_WINDOW_S) lo++;
    if (hi < i) hi = i;
    while (hi + 1 < n && time[hi + 1]! - time[i]! <= SPEED_HALF_WINDOW_S) hi++;
    // Samples further apart than the window (smart recording, a thinned export) still have neighbours to measure by.
    const from = lo === i && i > 0 && time[i]! - time[i - 1]! <= GAP_S ? i - 1 : lo;
    const to = hi === i && i + 1 < n && time[i + 1]! - time[i]! <= GAP_S ? i + 1 : hi;
    const dt = time[to]! - time[from]!;
    out[i] = dt > 0 ? (d[to]! - d[from]!) / dt : null;
  }
  return out;
}

function boundsOf(position: readonly (LngLat | null)[]): StoredTrack['bounds'] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const p of position) {
    if (!p) continue;
    if (p[0] < west) west = p[0];
    if (p[0] > east) east = p[0];
    if (p[1] < south) south = p[1];
    if (p[1] > north) north = p[1];
  }
  return west === Infinity ? null : [west, south, east, north];
}

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
