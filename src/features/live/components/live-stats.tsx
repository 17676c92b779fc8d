import type { LiveStatus } from '#contract/live';
import { formatClock } from '../../../lib/duration-format';
import { formatDistance, useUnits } from '../../../lib/units';
import { elapsedSeconds, sinceWords } from '../live-time';
import { STATUS_WORDS } from '../live-words';

type Props = { status: LiveStatus; startedAt: string; distanceM: number; lastAt: string | null; now: Date };

/** A session's figures as every live screen shows them: its state, time out, distance, and how fresh the position is. */
export function LiveStats({ status, startedAt, distanceM, lastAt, now }: Props) {
  const units = useUnits();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Figure label="Status">
        <span className={status === 'live' ? 'text-success' : 'text-muted'}>{STATUS_WORDS[status]}</span>
      </Figure>
      <Figure label="Elapsed">{formatClock(elapsedSeconds(startedAt, now))}</Figure>
      <Figure label="Distance">{formatDistance(distanceM, units)}</Figure>
      <Figure label="Updated">{lastAt ? sinceWords(lastAt, now) : 'No position yet'}</Figure>
    </dl>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col rounded-xl bg-surface-2 px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
