import type { ActivitySeries, ActivityTrack } from '#contract/activities';
import { formatClock } from '../../lib/duration-format';
import { numberFormat } from '../../lib/intl-format';
import { distanceFromMetres, elevationFromMetres, METRES_PER_MILE, UNIT_LABELS, type Units } from '../../lib/units';
import { usesPace } from './pace-sports';

/**
 * The activity's charts as data: each series of the track in the member's units over the distance (or, for a track
 * that never moved, such as an indoor ride without a speed sensor, over time), and the rows of each chart's
 * data-table alternative. The wire is SI; everything here is what the screen shows.
 */

/** The x axis every chart shares: distance in km or mi, or minutes. */
export type ChartAxis = {
  kind: 'distance' | 'time';
  values: number[];
  label: string;
  format(value: number): string;
  /** The value as an axis tick shows it (no unit: the charts' introduction names it). */
  tick(value: number): string;
  /** A stretch of `step` axis units in words, for "the average over each …": `km`, `0.1 km`, `5 mi`, `minute`. */
  stretch(step: number): string;
};

export type ChartKey = ActivitySeries | 'pace';

export type ChartSpec = {
  key: ChartKey;
  title: string;
  unit: string;
  /** One value per track point, in the member's units (pace: seconds a km or a mile); null where there is none. */
  values: (number | null)[];
  /** The value with its unit, for the table and the hover readout: `1,234 ft`, `5:12 /km`. */
  format(value: number): string;
  /** The value as an axis tick shows it (no unit: the chart's title names it). */
  tick(value: number): string;
  /** The spacings ticks may take, when the chart's own (1, 2, 5 × 10ⁿ) would not fall on whole values (a clock). */
  tickSteps?: number[] | undefined;
  /** Pace is lower when faster: its axis runs downward so that faster still reads as higher. */
  inverted: boolean;
  /** Elevation is drawn as a filled profile, the rest as lines. */
  filled: boolean;
  /** SI per point, and how a (mean) SI value reads in the member's units: the table averages in SI. */
  raw: (number | null)[];
  toDisplay(si: number): number | null;
};

/** A pace slower than this (99 min a unit) is standing still, not a pace; formatPace draws the same line. */
const SLOWEST_PACE_S = 99 * 60;

const fixed = (digits: number) => (value: number) => numberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

export function chartAxis(track: Pick<ActivityTrack, 'distance' | 'time'>, units: Units): ChartAxis {
  const moved = (track.distance[track.distance.length - 1] ?? 0) > 0;
  if (!moved) {
    return {
      kind: 'time',
      values: track.time.map((s) => s / 60),
      label: 'Time',
      format: (minutes) => formatClock(minutes * 60),
      tick: (minutes) => formatClock(minutes * 60),
      stretch: (step) => (step === 1 ? 'minute' : `${step} minutes`),
    };
  }
  const unit = UNIT_LABELS[units].distance;
  return {
    kind: 'distance',
    values: track.distance.map((m) => distanceFromMetres(m, units)),
    label: 'Distance',
    format: (value) => `${fixed(1)(value)} ${unit}`,
    tick: (value) => numberFormat('en', { maximumFractionDigits: 1 }).format(value),
    stretch: (step) => (step === 1 ? unit : `${step} ${unit}`),
  };
}

type Definition = Pick<ChartSpec, 'title' | 'unit' | 'toDisplay' | 'format' | 'tick' | 'tickSteps'> & Partial<Pick<ChartSpec, 'inverted' | 'filled'>>;

/** Pace ticks on whole clock values: 0:05 … 30:00. */
const CLOCK_STEPS = [5, 10, 15, 30, 60, 90, 120, 180, 240, 300, 600, 900, 1800];

function definition(series: ActivitySeries, sportId: number, units: Units): Definition & { key: ChartKey } {
  const labels = UNIT_LABELS[units];
  const withUnit = (digits: number, unit: string) => ({ unit, tick: fixed(digits), format: (v: number) => `${fixed(digits)(v)} ${unit}` });
  switch (series) {
    case 'elevation':
      return { key: series, title: 'Elevation', ...withUnit(0, labels.elevation), toDisplay: (m) => elevationFromMetres(m, units), filled: true };
    case 'speed':
      if (usesPace(sportId)) {
        const unit = `/${labels.distance}`;
        const metres = units === 'metric' ? 1000 : METRES_PER_MILE;
        return {
          key: 'pace',
          title: 'Pace',
          unit,
          toDisplay: (mps) => (mps > 0 && metres / mps < SLOWEST_PACE_S ? metres / mps : null),
          format: (s) => `${formatClock(s)} ${unit}`,
          tick: formatClock,
          tickSteps: CLOCK_STEPS,
          inverted: true,
        };
      }
      return { key: series, title: 'Speed', ...withUnit(1, labels.speed), toDisplay: (mps) => distanceFromMetres(mps * 3600, units) };
    case 'heartRate':
      return { key: series, title: 'Heart rate', ...withUnit(0, 'bpm'), toDisplay: (bpm) => bpm };
    case 'cadence':
      // Feet step; pedals turn.
      return { key: series, title: 'Cadence', ...withUnit(0, usesPace(sportId) ? 'spm' : 'rpm'), toDisplay: (c) => c };
    case 'power':
      return { key: series, title: 'Power', ...withUnit(0, 'W'), toDisplay: (w) => w };
    case 'temperature':
      return units === 'metric'
        ? { key: series, title: 'Temperature', ...withUnit(0, '°C'), toDisplay: (c) => c }
        : { key: series, title: 'Temperature', ...withUnit(0, '°F'), toDisplay: (c) => (c * 9) / 5 + 32 };
  }
}

/** The charts the page draws: each series the activity has (in ACTIVITY_SERIES order) that the track carries. */
export function chartSpecs(track: Pick<ActivityTrack, 'series'>, series: readonly ActivitySeries[], sportId: number, units: Units): ChartSpec[] {
  return series.flatMap((name) => {
    const raw = track.series[name];
    if (!raw) return [];
    const { inverted = false, filled = false, ...rest } = definition(name, sportId, units);
    const values = raw.map((v) => (v === null ? null : rest.toDisplay(v)));
    return [{ ...rest, raw, values, inverted, filled }];
  });
}

/** The data table's rows stay few enough to read through: one per split-sized step, fewer on a long day. */
export const TABLE_ROWS_MAX = 100;
const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** One row of a chart's table: the stretch that ends at `upTo` (axis units) and the mean over it, or null. */
export type TableRow = { upTo: number; value: number | null };

/** A kilometre or mile per row (a minute, over time); a tenth under two; wider steps past TABLE_ROWS_MAX rows. */
export function tableStep(total: number): number {
  if (total < 2) return 0.1;
  return STEPS.find((s) => Math.ceil(total / s) <= TABLE_ROWS_MAX) ?? STEPS[STEPS.length - 1]!;
}

/**
 * The chart's data as rows: the track cut into steps of `tableStep` along the axis, each with the mean of the points
 * in it (averaged in SI, then converted: a mean pace is the pace of the mean speed). The last row ends where the
 * track ends.
 */
export function tableRows(axis: Pick<ChartAxis, 'values'>, spec: Pick<ChartSpec, 'raw' | 'toDisplay'>): { step: number; rows: TableRow[] } {
  const total = axis.values[axis.values.length - 1] ?? 0;
  const step = tableStep(total);
  const count = Math.max(1, Math.ceil(total / step - 1e-9));
  const sums = new Float64Array(count);
  const counts = new Uint32Array(count);
  axis.values.forEach((x, i) => {
    const value = spec.raw[i];
    if (value === null || value === undefined) return;
    // A point on a boundary closes the stretch that ends there.
    const row = Math.min(count - 1, Math.max(0, Math.ceil(x / step - 1e-9) - 1));
    sums[row]! += value;
    counts[row]! += 1;
  });
  const rows = Array.from({ length: count }, (_, row) => ({
    upTo: row === count - 1 ? total : (row + 1) * step,
    value: counts[row] ? spec.toDisplay(sums[row]! / counts[row]!) : null,
  }));
  return { step, rows };
}

/** The lowest and highest value a chart shows (for its one-sentence summary), or null when it has none. */
export function valueRange(values: readonly (number | null)[]): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : null;
}
