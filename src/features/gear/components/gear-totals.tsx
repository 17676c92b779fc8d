import clsx from 'clsx';
import type { GearTotals as Totals } from '#contract/gear';
import { formatDuration } from '../../../lib/duration-format';
import { formatDistance, formatElevation, useUnits } from '../../../lib/units';

/** What the activities that used a piece add up to, in the member's units: distance, moving time, climb, activities. */
export function GearTotals({ totals, className }: { totals: Totals; className?: string }) {
  const units = useUnits();
  return (
    <dl className={clsx('grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4', className)}>
      <Figure term="Distance" value={formatDistance(totals.distance, units)} />
      <Figure term="Moving time" value={formatDuration(totals.movingTime)} />
      <Figure term="Climb" value={formatElevation(totals.climb, units)} />
      <Figure term="Activities" value={totals.activities.toLocaleString('en')} />
    </dl>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
