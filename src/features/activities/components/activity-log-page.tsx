import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Icon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useCan } from '../../auth/use-can';
import { sportActivitiesQuery, type ActivityOwner } from '../api';
import { filtersOf, isFiltered, isRangeValid, type ActivitySearch } from '../activity-search-params';
import { ActivityFilters } from './activity-filters';
import { ActivityImporter } from './activity-importer';
import { ActivityList } from './activity-list';
import { ActivitySummary } from './activity-summary';
import { ManualActivityDialog } from './manual-activity-dialog';

type SearchProps = {
  search: ActivitySearch;
  /** Puts a change of the filters into the address (the route knows its own path). */
  onSearch(change: Partial<ActivitySearch>): void;
};

const CLEARED: ActivitySearch = { sport_id: undefined, search: undefined, from: undefined, to: undefined };

/**
 * `/activities` and `/profile/activities`: the member's own log. The summary on top, then the importer (drop files or
 * pick them) beside "Add manually" (neither for an associate not allowed to add activities, issue 25), then the
 * filters and the list, newest first.
 */
export function ActivityLogPage({ search, onSearch }: SearchProps) {
  const [adding, setAdding] = useState(false);
  const mayRecord = useCan('record_activities');
  const addButton = mayRecord && (
    <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
      <Icon name="plus" className="size-4" strokeWidth="2.5" />
      Add manually
    </Button>
  );
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 pb-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold">Your activities</h1>
          <p className="text-sm text-muted">Every ride, hike, run and walk you log, with its map and numbers.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/activities/live" className={buttonClass('secondary')}>
            Live now
          </Link>
          {addButton}
        </div>
      </header>
      <ActivitySummary owner={{}} />
      {mayRecord && <ActivityImporter />}
      <Log
        owner={{}}
        own
        search={search}
        onSearch={onSearch}
        label="Your activities"
        empty={
          <EmptyLog
            title="Your log is empty"
            hint={mayRecord ? 'Drop the files from your watch or a Strava export above, or add an activity by hand.' : 'The activities you log show up here.'}
            action={addButton}
          />
        }
      />
      {adding && <ManualActivityDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

/**
 * Another member's Activities tab: their summary and log, as far as they let the viewer see. A profile closed to the
 * viewer (the server answers 403 or 404) says so once, in place of the whole tab.
 */
export function MemberActivityLog({ handleName, ...props }: SearchProps & { handleName: string }) {
  const owner = { handleName };
  const sports = useQuery({ ...sportActivitiesQuery(owner), meta: { silent: true } });
  if (sports.isPending) return <Spinner label="Loading their activities" />;
  if (sports.error) {
    const closed = sports.error instanceof ApiError && (sports.error.status === 403 || sports.error.status === 404);
    return closed ? <ClosedLog handleName={handleName} /> : <LoadError what="Their activities" error={sports.error} onRetry={() => void sports.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-4 text-left">
      <ActivitySummary owner={owner} />
      <Log
        owner={owner}
        own={false}
        label={`Activities by @${handleName}`}
        empty={<EmptyLog title="No activities yet" hint={`When @${handleName} logs a ride, hike, run or walk you may see, it shows up here.`} />}
        {...props}
      />
    </div>
  );
}

/** The filters and the list, with what an empty list says when filters are on. */
function Log({ owner, own, search, onSearch, label, empty }: SearchProps & { owner: ActivityOwner; own: boolean; label: string; empty: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-bold">
        Activities
      </h2>
      <ActivityFilters owner={owner} search={search} onSearch={onSearch} />
      {!isRangeValid(search.from, search.to) && (
        <p role="alert" className="rounded-lg bg-surface-2 p-3 text-sm">
          The start date is after the end date, so the dates are not applied.
        </p>
      )}
      <ActivityList
        filters={filtersOf(search, owner)}
        label={label}
        own={own}
        empty={
          isFiltered(search) ? (
            <EmptyLog
              title={search.search ? `No activities match “${search.search}”` : 'No activities match these filters'}
              hint="Try another word, another sport or wider dates."
              action={
                <Button variant="secondary" onClick={() => onSearch(CLEARED)}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            empty
          )
        }
      />
    </section>
  );
}

function EmptyLog({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-10 text-center">
      <Icon name="activities" className="mb-1 size-12 text-brand" />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-sm text-sm text-muted">{hint}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

function ClosedLog({ handleName }: { handleName: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col items-center gap-2 py-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-muted">
        <Icon name="lock" className="size-7" strokeWidth={2} />
      </span>
      <h2 id={headingId} className="text-lg font-bold">
        Their activities are not open to you
      </h2>
      <p className="max-w-sm text-sm text-muted">Follow @{handleName} to see their rides, hikes, runs and walks, if they accept.</p>
    </section>
  );
}
