import type { LngLat } from '#contract/map-routes';
import type { ActivityStreams, FileLap } from '../track/streams';

type Measure = 'elevation' | 'heartRate' | 'cadence' | 'power' | 'speed' | 'temperature';
const MEASURES: readonly Measure[] = ['elevation', 'heartRate', 'cadence', 'power', 'speed', 'temperature'];

/** One point as a reader found it; a value the file lacks is null or absent. */
export type Sample = { time: number | null; position: LngLat | null } & { [K in Measure]?: number | null };

/**
 * Values outside these are a sensor's "no reading" codes or garbage (a heart rate of 0 from a strap that lost
 * contact, an altitude of -9999), kept as gaps rather than spikes that would wreck averages and charts.
 */
const PLAUSIBLE: Record<Measure, readonly [number, number]> = {
  elevation: [-1000, 9000],
  heartRate: [20, 250],
  cadence: [0, 255],
  power: [0, 4000],
  speed: [0, 100],
  temperature: [-60, 70],
};

/**
 * Builds `ActivityStreams` point by point for every reader, so they agree on what a sample is: points without a time
 * are dropped (the streams are indexed by time), as is a point earlier than the one before it (a device's clock jump;
 * the streams stay in time order); a position of exactly 0,0 is a device with no fix, not a ride off Africa; a stream
 * without any value in the whole file is left out.
 */
export class StreamBuilder {
  private readonly time: number[] = [];
  private readonly position: (LngLat | null)[] = [];
  private readonly measures = Object.fromEntries(MEASURES.map((m) => [m, [] as (number | null)[]])) as Record<Measure, (number | null)[]>;
  private readonly present = new Set<Measure>();

  get length() {
    return this.time.length;
  }

  /** Adds the sample; false when it was dropped. */
  add(sample: Sample): boolean {
    const t = sample.time;
    if (t === null || !Number.isFinite(t) || (this.time.length > 0 && t < this.time[this.time.length - 1]!)) return false;
    this.time.push(t);
    const p = sample.position;
    this.position.push(p && !(p[0] === 0 && p[1] === 0) ? p : null);
    for (const m of MEASURES) {
      const v = sample[m];
      const [lo, hi] = PLAUSIBLE[m];
      const kept = typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi ? v : null;
      if (kept !== null) this.present.add(m);
      this.measures[m].push(kept);
    }
    return true;
  }

  build(): ActivityStreams {
    const streams: ActivityStreams = { time: this.time, position: this.position };
    for (const m of MEASURES) if (this.present.has(m)) streams[m] = this.measures[m];
    return streams;
  }
}

/**
 * Laps a file marks by time (FIT) as the sample indexes they span: from the first sample at or after the start to the
 * last at or before the end. A lap with no sample in it (a pause the device split off) is left out.
 */
export function lapsByTime(time: readonly number[], spans: readonly { start: number; end: number }[]): FileLap[] {
  const laps: FileLap[] = [];
  for (const { start, end } of spans) {
    const startIndex = countLeading(time, (t) => t < start);
    const endIndex = countLeading(time, (t) => t <= end) - 1;
    if (startIndex <= endIndex) laps.push({ startIndex, endIndex });
  }
  return laps;
}

/** How many times, from the first, pass `test` (time is sorted, so those that pass come first): a binary search. */
function countLeading(time: readonly number[], test: (t: number) => boolean): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(time[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
