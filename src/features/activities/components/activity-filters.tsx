import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { sportName } from '#contract/sports';
import { scrollRowFade } from '../../../components/scroll-row';
import { AddressSearchBox } from '../../../components/search-box';
import { TextField } from '../../../components/ui/text-field';
import { sportActivitiesQuery, type ActivityOwner } from '../api';
import { isRangeValid, type ActivitySearch } from '../activity-search-params';

export const RANGE_BACKWARDS = 'The start date must be on or before the end date.';

type Props = {
  owner: ActivityOwner;
  search: ActivitySearch;
  /** Puts a change of the filters into the address. */
  onSearch(change: Partial<ActivitySearch>): void;
};

/**
 * Which activities the log lists: a title search (sent once typing pauses), the sport (the sports the member has
 * activities in, with how many) and a date range (applied once it reads forwards). Every choice is in the address.
 */
export function ActivityFilters({ owner, search, onSearch }: Props) {
  return (
    <div className="flex flex-col gap-3">
      <AddressSearchBox value={search.search ?? ''} onSettled={(text) => onSearch({ search: text || undefined })} label="Search activities by title" placeholder="Search titles" />
      <SportCounts owner={owner} value={search.sport_id} onChange={(sport_id) => onSearch({ sport_id })} />
      <DateRange from={search.from} to={search.to} onChange={(from, to) => onSearch({ from, to })} />
    </div>
  );
}

/**
 * One sport or all, as radio chips in the look of the shared sport filter, but only the sports the member has
 * activities in, each with its count (the shared filter offers every sport, which here would lead to empty lists).
 */
function SportCounts({ owner, value, onChange }: { owner: ActivityOwner; value: number | undefined; onChange(sportId: number | undefined): void }) {
  const { data } = useQuery({ ...sportActivitiesQuery(owner), meta: { silent: true } });
  const group = useId();
  if (!data || data.length === 0) return null;
  const total = data.reduce((sum, s) => sum + s.count, 0);
  // A sport in the address with nothing logged in it (an old link) stays a choice, so it can be seen and undone.
  const sports = value === undefined || data.some((s) => s.sportId === value) ? data : [...data, { sportId: value, count: 0 }];
  const options = [{ id: undefined, name: 'All sports', count: total }, ...sports.map((s) => ({ id: s.sportId, name: sportName(s.sportId), count: s.count }))];
  return (
    // min-w-0: a fieldset is as wide as its content by default, which would push the page sideways on a phone.
    <fieldset className="min-w-0">
      <legend className="sr-only">Sport</legend>
      <div className={clsx('-mx-1 flex gap-2 overflow-x-auto px-1 py-1 sm:flex-wrap sm:pr-1 sm:[mask-image:none]', scrollRowFade)}>
        {options.map((sport) => {
          const checked = sport.id === value;
          return (
            <label key={sport.id ?? 'all'} className="relative shrink-0">
              <input type="radio" name={group} className="peer sr-only" checked={checked} onChange={() => onChange(sport.id)} />
              <span
                className={clsx(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
                  'peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
                  checked ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface text-fg hover:bg-surface-2',
                )}
              >
                {sport.name}{' '}
                <span className={clsx('rounded-full px-1.5 text-xs tabular-nums', checked ? 'bg-surface text-fg' : 'bg-surface-2 text-muted')}>{sport.count.toLocaleString('en')}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** From and to days, applied as soon as the range reads forwards; a backwards one says so and is not applied. */
function DateRange({ from, to, onChange }: { from: string | undefined; to: string | undefined; onChange(from: string | undefined, to: string | undefined): void }) {
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const [seen, setSeen] = useState({ from, to });
  // The address changed from elsewhere (Clear filters, the back button): show what it says.
  if (seen.from !== from || seen.to !== to) {
    setSeen({ from, to });
    setDraft({ from: from ?? '', to: to ?? '' });
  }
  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    if (isRangeValid(next.from || undefined, next.to || undefined)) onChange(next.from || undefined, next.to || undefined);
  };
  const valid = isRangeValid(draft.from || undefined, draft.to || undefined);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="sr-only">Dates</legend>
      <div className="grid grid-cols-2 items-start gap-3 sm:flex sm:items-end">
        <TextField label="From" type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => change({ ...draft, from: e.target.value })} />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          error={valid ? undefined : RANGE_BACKWARDS}
          onChange={(e) => change({ ...draft, to: e.target.value })}
        />
        {(draft.from || draft.to) && (
          <button type="button" onClick={() => change({ from: '', to: '' })} className="col-span-2 min-h-11 self-start rounded-lg px-2 text-sm font-medium text-brand hover:underline sm:self-end">
            Clear dates
          </button>
        )}
      </div>
    </fieldset>
  );
}
