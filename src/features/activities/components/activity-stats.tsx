import type { ActivityDetail } from '#contract/activities';
import { formatClock, formatPace } from '../../../lib/duration-format';
import { numberFormat } from '../../../lib/intl-format';
import { formatDistance, formatElevation, formatSpeed, useUnits, type Units } from '../../../lib/units';
import { usesPace } from '../pace-sports';

type Stat = { label: string; value: string };

const whole = (n: number) => numberFormat('en', { maximumFractionDigits: 0 }).format(n);

/** The figures of an activity in the member's units, only those it has, in the order athletes look for them. */
export function activityStats(a: ActivityDetail, units: Units): Stat[] {
  const stats: Stat[] = [];
  const add = (label: string, value: string | null) => value !== null && stats.push({ label, value });
  const known = <T,>(v: T | null, show: (v: T) => string) => (v === null ? null : show(v));
  const pace = usesPace(a.sportId);

  add('Distance', a.distance > 0 ? formatDistance(a.distance, units, 2) : null);
  add('Moving time', formatClock(a.movingTime));
  add('Elapsed time', formatClock(a.elapsedTime));
  if (pace) {
    const perUnit = units === 'metric' ? a.pacePerKm : a.pacePerMile;
    add('Pace', known(perUnit, (s) => `${formatClock(s)} /${units === 'metric' ? 'km' : 'mi'}`));
    add('Best pace', a.maxSpeed === null ? null : formatPace(a.maxSpeed, units));
  } else {
    add('Average speed', known(a.averageSpeed, (mps) => formatSpeed(mps, units)));
    add('Max speed', known(a.maxSpeed, (mps) => formatSpeed(mps, units)));
  }
  add('Climb', known(a.elevationGain, (m) => formatElevation(m, units)));
  add('Descent', known(a.elevationLoss, (m) => formatElevation(m, units)));
  add('Lowest point', known(a.elevationMin, (m) => formatElevation(m, units)));
  add('Highest point', known(a.elevationMax, (m) => formatElevation(m, units)));
  add('Average heart rate', known(a.averageHeartRate, (bpm) => `${whole(bpm)} bpm`));
  add('Max heart rate', known(a.maxHeartRate, (bpm) => `${whole(bpm)} bpm`));
  add('Average power', known(a.averagePower, (w) => `${whole(w)} W`));
  add('Max power', known(a.maxPower, (w) => `${whole(w)} W`));
  add('Cadence', known(a.averageCadence, (c) => `${whole(c)} ${pace ? 'spm' : 'rpm'}`));
  add(a.caloriesSource === 'power' ? 'Calories (estimated from power)' : 'Calories', known(a.calories, (kcal) => `${whole(kcal)} kcal`));
  return stats;
}

/** The stats grid: two columns on a phone, four from a tablet up; each figure labelled for screen readers. */
export function ActivityStats({ activity }: { activity: ActivityDetail }) {
  const units = useUnits();
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
      {activityStats(activity, units).map(({ label, value }) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
