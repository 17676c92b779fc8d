import { Link, useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { AddressSearchBox } from '../../../components/search-box';
import { TextField } from '../../../components/ui/text-field';
import { isRangeValid } from '../feed-search';
import type { FeedSearch } from '../feed-search-params';
import { Icon } from '../../../components/icons';

const TABS = [
  { filter: undefined, label: 'Everyone' },
  { filter: 'following', label: 'Following' },
  { filter: 'mine', label: 'Yours' },
] as const;

export const RANGE_BACKWARDS = 'The start date must be on or before the end date.';

/**
 * What the feed shows: whose posts (Everyone / Following / Yours), a search (words or `#hashtag`, sent once typing
 * pauses) and a date range (checked: from on or before to). Every choice goes into the address.
 */
export function FeedFilters({ search }: { search: FeedSearch }) {
  const navigate = useNavigate({ from: '/feeds/' });
  const set = (change: Partial<FeedSearch>) => void navigate({ search: (s) => ({ ...s, ...change }), replace: true });
  const selected = search.filter ?? 'all';

  return (
    <div className="flex flex-col gap-3 px-4 sm:px-0">
      <nav aria-label="Whose posts" className="flex gap-1 rounded-xl bg-surface-2 p-1">
        {TABS.map((tab) => {
          const active = (tab.filter ?? 'all') === selected;
          return (
            <Link
              key={tab.label}
              from="/feeds/"
              to="."
              search={(s) => ({ ...s, filter: tab.filter })}
              aria-current={active ? 'page' : undefined}
              className={clsx(
                'flex min-h-10 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold transition-colors',
                active ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      <AddressSearchBox value={search.search ?? ''} onSettled={(text) => set({ search: text || undefined })} label="Search posts" placeholder="Search posts or #hashtags" />
      <DateRange from={search.from} to={search.to} onChange={(from, to) => set({ from, to })} />
    </div>
  );
}

/** From and to dates, applied as soon as both read forwards; a backwards range says so and is not applied. */
function DateRange({ from, to, onChange }: { from: string | undefined; to: string | undefined; onChange(from: string | undefined, to: string | undefined): void }) {
  const [open, setOpen] = useState(Boolean(from || to));
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const [seen, setSeen] = useState({ from, to });
  // The address changed from elsewhere (a "Clear filters" link, the back button): show what it says.
  if (seen.from !== from || seen.to !== to) {
    setSeen({ from, to });
    setDraft({ from: from ?? '', to: to ?? '' });
  }
  const panelId = useId();
  const valid = isRangeValid(draft.from || undefined, draft.to || undefined);

  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    if (isRangeValid(next.from || undefined, next.to || undefined)) onChange(next.from || undefined, next.to || undefined);
  };
  const active = Boolean(from || to);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className={clsx(
            'flex min-h-10 items-center gap-2 rounded-full border px-3 text-sm font-medium',
            active ? 'border-brand text-fg' : 'border-line text-muted hover:text-fg',
          )}
        >
          <Icon name="events" className="size-4" strokeWidth="2" />
          {active ? rangeLabel(from, to) : 'Any date'}
        </button>
        {active && (
          <button type="button" onClick={() => change({ from: '', to: '' })} className="min-h-10 rounded-full px-3 text-sm font-medium text-brand hover:underline">
            Clear dates
          </button>
        )}
      </div>
      {open && (
        <div id={panelId} className="grid grid-cols-2 gap-3">
          <TextField label="From" type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => change({ ...draft, from: e.target.value })} />
          <TextField
            label="To"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            error={valid ? undefined : RANGE_BACKWARDS}
            onChange={(e) => change({ ...draft, to: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));

function rangeLabel(from: string | undefined, to: string | undefined) {
  if (from && to) return `${day(from)} – ${day(to)}`;
  return from ? `From ${day(from)}` : `Until ${day(to!)}`;
}
