import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ActivitySummary as Summary, ActivityTotals } from '#contract/activities';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatDuration } from '../../../lib/duration-format';
import { formatDistance, formatElevation, useUnits, type Units } from '../../../lib/units';
import { activitySummaryQuery, type ActivityOwner } from '../api';
import { activityCount, sportIcon } from '../activity-words';
import { SummaryChart, type ChartUnit } from './summary-chart';

const PERIODS = [
  { key: 'week', label: 'This week' },
  { key: 'month', label: 'This month' },
  { key: 'year', label: 'This year' },
] as const;

/**
 * The top of a log: this week (from Monday), month and year, all sports and each sport, then the last 12 weeks or
 * months as a chart. Switching weeks and months keeps the last answer on screen, dimmed, until the new one comes.
 */
export function ActivitySummary({ owner }: { owner: ActivityOwner }) {
  const [chart, setChart] = useState<ChartUnit>('week');
  const units = useUnits();
  const headingId = useId();
  const { data, error, isPlaceholderData, refetch } = useQuery({
    ...activitySummaryQuery(owner, chart),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4">
      <h2 id={headingId} className="text-lg font-bold">
        Summary
      </h2>
      {data ? (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            {PERIODS.map((period) => (
              <PeriodTotals key={period.key} label={period.label} totals={data.summary[period.key]} units={units} />
            ))}
          </div>
          <SummaryChart bars={data.chartData.bars} unit={data.chartData.unit} chosenUnit={chart} onUnitChange={setChart} units={units} updating={isPlaceholderData} />
        </>
      ) : error ? (
        <LoadError what="The summary" error={error} onRetry={() => void refetch()} />
      ) : (
        <Spinner label="Loading the summary" />
      )}
    </section>
  );
}

function PeriodTotals({ label, totals, units }: { label: string; totals: Summary['summary']['week']; units: Units }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3">
      <h3 id={headingId} className="text-sm font-semibold text-muted">
        {label}
      </h3>
      <Figures totals={totals.all} units={units} />
      {totals.bySport.length > 0 && (
        <ul aria-label={`${label} by sport`} className="flex flex-col gap-1 border-t border-line pt-2 text-xs">
          {totals.bySport.map((sport) => (
            <li key={sport.sportId} className="flex items-start gap-1.5">
              <Icon name={sportIcon(sport.sportId)} className="mt-px size-4 shrink-0 text-muted" strokeWidth="2" />
              <span>
                <span className="font-semibold">{sportName(sport.sportId)}</span>
                <span className="sr-only">:</span> {sportLine(sport, units)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A period's distance big, then how many, how long and how much climb. */
function Figures({ totals, units }: { totals: ActivityTotals; units: Units }) {
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm tabular-nums">
      <div className="basis-full">
        <dt className="sr-only">Distance</dt>
        <dd className="text-2xl font-bold">{formatDistance(totals.distance, units)}</dd>
      </div>
      <div>
        <dt className="sr-only">Activities</dt>
        <dd>{activityCount(totals.count)}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="text-muted">Time</dt>
        <dd>{formatDuration(totals.movingTime)}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="text-muted">Climb</dt>
        <dd>{formatElevation(totals.elevationGain, units)}</dd>
      </div>
    </dl>
  );
}

const sportLine = (totals: ActivityTotals, units: Units) =>
  [activityCount(totals.count), formatDistance(totals.distance, units), formatDuration(totals.movingTime), `${formatElevation(totals.elevationGain, units)} climb`].join(', ');
