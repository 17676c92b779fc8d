import { useId } from 'react';
import type { ActivitySplit } from '#contract/activities';
import { formatClock, formatPace } from '../../../lib/duration-format';
import { numberFormat } from '../../../lib/intl-format';
import { formatDistance, formatElevation, formatSpeed, type Units } from '../../../lib/units';

type Props = {
  title: string;
  /** What one row is called in its first column: "Km", "Mile", "Lap". */
  rowName: string;
  splits: ActivitySplit[];
  units: Units;
  /** Pace (running, hiking, walking) rather than speed. */
  pace: boolean;
};

const whole = (n: number) => numberFormat('en', { maximumFractionDigits: 0 }).format(n);
const signed = (metres: number, units: Units) => (metres > 0 ? `+${formatElevation(metres, units)}` : formatElevation(metres, units));
/** A dash for "none", read out as words. */
const None = () => (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">none</span>
  </>
);

/**
 * Splits (per km or mile, the last one partial) or laps as a table: distance, moving time, pace or speed, the change in
 * elevation, and average heart rate and power where any row has them. Scrolls sideways on a phone rather than
 * squeezing the numbers.
 */
export function SplitsTable({ title, rowName, splits, units, pace }: Props) {
  const headingId = useId();
  const withHeartRate = splits.some((s) => s.averageHeartRate !== null);
  const withPower = splits.some((s) => s.averagePower !== null);
  const withElevation = splits.some((s) => s.elevationChange !== null);
  const cell = 'px-3 py-2 text-right';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      {/* Reachable by keyboard, to scroll it sideways. */}
      <div role="group" aria-labelledby={headingId} tabIndex={0} className="overflow-x-auto">
        <table className="w-full text-sm whitespace-nowrap tabular-nums">
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {rowName}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Distance
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Time
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {pace ? 'Pace' : 'Speed'}
              </th>
              {withElevation && (
                <th scope="col" className={`${cell} font-medium`}>
                  Elevation
                </th>
              )}
              {withHeartRate && (
                <th scope="col" className={`${cell} font-medium`}>
                  Heart rate
                </th>
              )}
              {withPower && (
                <th scope="col" className={`${cell} font-medium`}>
                  Power
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {splits.map((split, i) => {
              const mps = split.movingTime > 0 ? split.distance / split.movingTime : 0;
              const rate = pace ? formatPace(mps, units) : mps > 0 ? formatSpeed(mps, units) : null;
              return (
                <tr key={i} className="border-b border-line last:border-0">
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {i + 1}
                  </th>
                  <td className={cell}>{formatDistance(split.distance, units, 2)}</td>
                  <td className={cell}>{formatClock(split.movingTime)}</td>
                  <td className={cell}>{rate ?? <None />}</td>
                  {withElevation && <td className={cell}>{split.elevationChange === null ? <None /> : signed(split.elevationChange, units)}</td>}
                  {withHeartRate && <td className={cell}>{split.averageHeartRate === null ? <None /> : `${whole(split.averageHeartRate)} bpm`}</td>}
                  {withPower && <td className={cell}>{split.averagePower === null ? <None /> : `${whole(split.averagePower)} W`}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
