import { useId } from 'react';
import type { ActivityDetail } from '#contract/activities';
import { formatDuration } from '../../../lib/duration-format';

type Zones = NonNullable<ActivityDetail['heartRateZones']>;

const NAMES = ['Recovery', 'Endurance', 'Tempo', 'Threshold', 'Anaerobic'];

/** Each zone's bpm range: below zone 2's lower bound, between bounds, and from zone 5's bound up. */
export function zoneRanges({ lowerBounds }: Pick<Zones, 'lowerBounds'>): string[] {
  return NAMES.map((_, i) => {
    const from = lowerBounds[i - 1];
    const next = lowerBounds[i];
    if (from === undefined) return `under ${Math.round(next!)} bpm`;
    if (next === undefined) return `${Math.round(from)} bpm and up`;
    return `${Math.round(from)}–${Math.round(next) - 1} bpm`;
  });
}

/**
 * Moving time in each of the five heart-rate zones: a bar per zone, as long as its share of the time, with the zone's
 * name, bpm range, time and share written out, so nothing is told by length or colour alone.
 */
export function HeartRateZones({ zones }: { zones: Zones }) {
  const headingId = useId();
  const total = zones.seconds.reduce((a, b) => a + b, 0);
  const ranges = zoneRanges(zones);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <h2 id={headingId} className="text-lg font-bold">
        Heart-rate zones
      </h2>
      <ol className="flex flex-col gap-3">
        {NAMES.map((name, i) => {
          const seconds = zones.seconds[i] ?? 0;
          const share = total > 0 ? Math.round((seconds / total) * 100) : 0;
          return (
            <li key={name} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0">
                  <span className="font-semibold">
                    Zone {i + 1} {name}
                  </span>{' '}
                  <span className="text-muted">{ranges[i]}</span>
                </span>
                <span className="shrink-0 tabular-nums">
                  {formatDuration(seconds)} · {share}%
                </span>
              </div>
              <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-surface-2">
                <div className="h-full rounded-full bg-brand" style={{ width: `${share}%`, opacity: 0.45 + i * 0.1375 }} />
              </div>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-muted">Zones from a maximum heart rate of {Math.round(zones.maxHeartRate)} bpm.</p>
    </section>
  );
}
