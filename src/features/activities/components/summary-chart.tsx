import clsx from 'clsx';
import { useId, useState } from 'react';
import type { ActivitySummary } from '#contract/activities';
import { formatDuration } from '../../../lib/duration-format';
import { dateTimeFormat } from '../../../lib/intl-format';
import { distanceFromMetres, elevationFromMetres, formatDistance, formatElevation, UNIT_LABELS, type Units } from '../../../lib/units';
import { activityCount } from '../activity-words';

type Bar = ActivitySummary['chartData']['bars'][number];
export type ChartUnit = ActivitySummary['chartData']['unit'];
export type ChartMetric = 'distance' | 'time' | 'climb';

const METRICS: { value: ChartMetric; label: string }[] = [
  { value: 'distance', label: 'Distance' },
  { value: 'time', label: 'Time' },
  { value: 'climb', label: 'Climb' },
];
const CHART_UNITS: { value: ChartUnit; label: string }[] = [
  { value: 'week', label: 'Weeks' },
  { value: 'month', label: 'Months' },
];

/** A bar's height in the member's units (hours for time), and the same in words. */
function measure(bar: Bar, metric: ChartMetric, units: Units): { value: number; text: string } {
  if (metric === 'time') return { value: bar.movingTime / 3600, text: formatDuration(bar.movingTime) };
  if (metric === 'climb') return { value: elevationFromMetres(bar.elevationGain, units), text: formatElevation(bar.elevationGain, units) };
  return { value: distanceFromMetres(bar.distance, units), text: formatDistance(bar.distance, units) };
}

/** The axis's top: the highest bar rounded up to 1, 2 or 5 times a power of ten, so its gridline reads as a round number. */
function niceCeiling(max: number) {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((s) => s * power >= max)!;
  return step * power;
}

function axisText(value: number, metric: ChartMetric, units: Units) {
  const number = value.toLocaleString('en', { maximumFractionDigits: 1 });
  if (metric === 'time') return `${number}h`;
  return `${number} ${metric === 'climb' ? UNIT_LABELS[units].elevation : UNIT_LABELS[units].distance}`;
}

// The bars' starts are calendar days (YYYY-MM-DD): read and written in UTC, so no zone moves them a day.
const dayOf = (start: string) => new Date(`${start}T00:00:00Z`);
const shortLabel = (start: string, unit: ChartUnit) =>
  dateTimeFormat('en', unit === 'week' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' }).format(dayOf(start));
const longLabel = (start: string, unit: ChartUnit) =>
  unit === 'week'
    ? `Week of ${dateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(dayOf(start))}`
    : dateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayOf(start));

const VIEW_WIDTH = 600;
const VIEW_HEIGHT = 160;
const GAP = 8;

type Props = {
  bars: readonly Bar[];
  /** What the bars are: weeks or months. */
  unit: ChartUnit;
  /** What the switch says: the member's choice, ahead of the bars while they load. */
  chosenUnit: ChartUnit;
  onUnitChange(unit: ChartUnit): void;
  units: Units;
  /** The bars of the other unit are on their way: the chart dims until they come. */
  updating?: boolean;
};

/**
 * The last 12 weeks or months as bars of distance, time or climb: an SVG of the bars (with each bar's value as its
 * tooltip) and the same numbers as a data table, always there for screen readers and shown on request to everyone.
 * The current week or month is the last bar, drawn solid.
 */
export function SummaryChart({ bars, unit, chosenUnit, onUnitChange, units, updating = false }: Props) {
  const [metric, setMetric] = useState<ChartMetric>('distance');
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const measured = bars.map((bar) => ({ bar, ...measure(bar, metric, units) }));
  const top = niceCeiling(Math.max(0, ...measured.map((m) => m.value)));
  const slot = VIEW_WIDTH / Math.max(1, bars.length);
  const metricLabel = METRICS.find((m) => m.value === metric)!.label;
  const period = unit === 'week' ? 'weeks' : 'months';
  const empty = measured.every((m) => m.value === 0);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Segments<ChartUnit> legend="Bars per" options={CHART_UNITS} value={chosenUnit} onChange={onUnitChange} />
        <Segments<ChartMetric> legend="Show" options={METRICS} value={metric} onChange={setMetric} />
      </div>
      <figure className={clsx('flex flex-col gap-1 transition-opacity', updating && 'opacity-60')} aria-busy={updating || undefined}>
        <figcaption className="text-sm font-medium">
          {metricLabel} by {unit}, last {bars.length} {period}
        </figcaption>
        <div className="flex gap-2">
          {/* The gridlines' values, as text beside the bars (SVG text would stretch with the chart). */}
          <div aria-hidden="true" className="flex h-40 w-12 shrink-0 flex-col justify-between text-right text-[11px] leading-none tabular-nums text-muted">
            <span>{axisText(top, metric, units)}</span>
            <span>{axisText(top / 2, metric, units)}</span>
            <span>0</span>
          </div>
          <svg
            viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-40 min-w-0 flex-1 overflow-visible"
            role="img"
            aria-label={
              empty
                ? `${metricLabel} by ${unit}: nothing logged in the last ${bars.length} ${period}.`
                : `${metricLabel} by ${unit}, last ${bars.length} ${period}. The numbers are in the table that follows.`
            }
          >
            <line x1="0" x2={VIEW_WIDTH} y1="0.5" y2="0.5" className="stroke-line" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
            <line x1="0" x2={VIEW_WIDTH} y1={VIEW_HEIGHT / 2} y2={VIEW_HEIGHT / 2} className="stroke-line" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
            <line x1="0" x2={VIEW_WIDTH} y1={VIEW_HEIGHT - 0.5} y2={VIEW_HEIGHT - 0.5} className="stroke-line" vectorEffect="non-scaling-stroke" />
            {measured.map(({ bar, value, text }, i) => {
              const height = (value / top) * VIEW_HEIGHT;
              const current = i === measured.length - 1;
              return (
                <rect
                  key={bar.start}
                  x={i * slot + GAP / 2}
                  y={VIEW_HEIGHT - height}
                  width={slot - GAP}
                  height={height}
                  rx="3"
                  className={clsx('fill-brand transition-[y,height]', !current && 'opacity-60 hover:opacity-100')}
                >
                  <title>{`${longLabel(bar.start, unit)}: ${text}, ${activityCount(bar.count)}`}</title>
                </rect>
              );
            })}
          </svg>
        </div>
        {/* Every other label on a phone, where twelve would run into each other. */}
        <div aria-hidden="true" className="ml-14 grid text-center text-[11px] text-muted" style={{ gridTemplateColumns: `repeat(${Math.max(1, bars.length)}, minmax(0, 1fr))` }}>
          {bars.map((bar, i) => (
            <span key={bar.start} className={clsx('truncate', (bars.length - 1 - i) % 2 === 1 && 'max-sm:invisible')}>
              {i === bars.length - 1 ? (unit === 'week' ? 'This wk' : 'This mo') : shortLabel(bar.start, unit)}
            </span>
          ))}
        </div>
      </figure>
      <button
        type="button"
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
        className="self-start rounded text-sm font-medium text-brand underline-offset-2 hover:underline"
      >
        {tableShown ? 'Hide the numbers' : 'Show the numbers as a table'}
      </button>
      {/* Hidden, it must not scroll: a 1-pixel scrolling box is a region no keyboard can reach (axe). */}
      <div id={tableId} className={tableShown ? 'overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">
            Totals by {unit}, last {bars.length} {period}, oldest first
          </caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                {unit === 'week' ? 'Week' : 'Month'}
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Activities
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Distance
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Moving time
              </th>
              <th scope="col" className="py-1 font-medium">
                Climb
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar, i) => (
              <tr key={bar.start} className="border-t border-line">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {longLabel(bar.start, unit)}
                  {i === bars.length - 1 && (
                    <>
                      {' '}
                      <span className="text-muted">({unit === 'week' ? 'this week' : 'this month'})</span>
                    </>
                  )}
                </th>
                <td className="py-1 pr-3">{bar.count.toLocaleString('en')}</td>
                <td className="py-1 pr-3">{formatDistance(bar.distance, units)}</td>
                <td className="py-1 pr-3">{formatDuration(bar.movingTime)}</td>
                <td className="py-1">{formatElevation(bar.elevationGain, units)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A few choices side by side, one chosen: real radio buttons, so arrow keys move between them. */
function Segments<T extends string>({ legend, options, value, onChange }: { legend: string; options: readonly { value: T; label: string }[]; value: T; onChange(value: T): void }) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 items-center gap-2">
      <legend className="sr-only">{legend}</legend>
      <div className="flex gap-1 rounded-xl bg-surface-2 p-1">
        {options.map((option) => (
          <label key={option.value} className="relative">
            <input type="radio" name={name} className="peer sr-only" checked={option.value === value} onChange={() => onChange(option.value)} />
            <span
              className={clsx(
                'flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold transition-colors',
                'peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
                option.value === value ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
