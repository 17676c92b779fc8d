import { Component, lazy, memo, Suspense, useId, useMemo, type ReactNode } from 'react';
import type { ActivitySeries, ActivityTrack } from '#contract/activities';
import { UNIT_LABELS, useUnits } from '../../../lib/units';
import { chartAxis, chartSpecs, valueRange, type ChartAxis, type ChartSpec } from '../chart-series';
import { ChartTable } from './chart-table';

/** uPlot and its CSS come with the first chart, after the page's numbers are on screen (check P10). */
const ActivityChart = lazy(() => import('./activity-chart'));

type Props = {
  track: ActivityTrack;
  /** The series the activity has (its detail's `series`), in the order the charts go. */
  series: readonly ActivitySeries[];
  sportId: number;
  /** The track index under a chart's cursor, or null: the map's marker follows it. */
  onHover(index: number | null): void;
};

/**
 * The activity's charts, one per series it has (elevation, speed or pace, heart rate, cadence, power, temperature),
 * over the distance in the member's units, their cursors moving together. Each is named by a sentence of its range
 * and has its data as a table beside it. Memoised: the marker's moves re-render the map, never the charts.
 */
export const ActivityCharts = memo(function ActivityCharts({ track, series, sportId, onHover }: Props) {
  const units = useUnits();
  const headingId = useId();
  const axis = useMemo(() => chartAxis(track, units), [track, units]);
  const specs = useMemo(() => chartSpecs(track, series, sportId, units), [track, series, sportId, units]);
  if (specs.length === 0) return null;
  const over = axis.kind === 'distance' ? `the distance, in ${UNIT_LABELS[units].distance}` : 'the time, in minutes';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-bold">
          Charts
        </h2>
        <p className="text-sm text-muted">Over {over}. Point at or touch a chart to see that place on the map.</p>
      </div>
      {specs.map((spec) => (
        <ChartFigure key={spec.key} axis={axis} spec={spec} syncKey={`activity-${track.activityId}`} onHover={onHover} />
      ))}
    </section>
  );
});

function ChartFigure({ axis, spec, syncKey, onHover }: { axis: ChartAxis; spec: ChartSpec; syncKey: string; onHover(index: number | null): void }) {
  const titleId = useId();
  const range = valueRange(spec.values);
  const total = axis.values[axis.values.length - 1] ?? 0;
  const summary = range
    ? `${spec.title} chart, from ${spec.format(range.min)} to ${spec.format(range.max)} over ${axis.format(total)}.`
    : `${spec.title} chart, with no values.`;
  return (
    <figure aria-labelledby={titleId} className="flex flex-col gap-1">
      <h3 id={titleId} className="font-semibold">
        {spec.title} <span className="font-normal text-muted">({spec.unit})</span>
      </h3>
      {/* The box keeps the chart's height while its code loads, so nothing below moves. */}
      <div role="img" aria-label={summary} className="h-[200px]">
        <ChartBoundary>
          <Suspense fallback={<div className="mt-5 h-[180px] animate-pulse rounded-lg bg-surface-2" />}>
            <ActivityChart axis={axis} spec={spec} syncKey={syncKey} onHover={onHover} />
          </Suspense>
        </ChartBoundary>
      </div>
      <ChartTable axis={axis} spec={spec} />
    </figure>
  );
}

/** A chart whose code did not arrive (offline, or a deploy replaced the files) says so; its table still works. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('Chart:', error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return <p className="flex h-full items-center justify-center rounded-lg bg-surface-2 p-4 text-center text-sm text-muted">The chart could not be drawn. Its table below has the same data.</p>;
  }
}
