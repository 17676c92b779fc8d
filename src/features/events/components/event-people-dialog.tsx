import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { EventStatus } from '#contract/events';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { tabKeyTarget } from '../../../lib/tab-keys';
import { displayName } from '../../feeds/mappers';
import { formatCount } from '../../profile/format';
import { eventPeopleQuery, type PeopleList } from '../detail-queries';

const LABELS: Record<PeopleList, string> = { going: 'Going', interested: 'Interested', waitlist: 'Waitlist' };

/** The tabs to show: going and interested always, the waitlist when there is one (or the event has a capacity). */
export function peopleTabs(status: EventStatus): { list: PeopleList; count: number }[] {
  const tabs: { list: PeopleList; count: number }[] = [
    { list: 'going', count: status.goingCount },
    { list: 'interested', count: status.interestedCount },
  ];
  if (status.capacity !== null || status.waitlistCount > 0) tabs.push({ list: 'waitlist', count: status.waitlistCount });
  return tabs;
}

/**
 * Who is going, interested or waiting for a place (WAI-ARIA tabs), each a paged list of members linking to their
 * profiles; the waitlist in the order places are given out.
 */
export function EventPeopleDialog({ eventId, status, initial, onClose }: { eventId: number; status: EventStatus; initial: PeopleList; onClose(): void }) {
  const tabs = peopleTabs(status);
  const [selected, setSelected] = useState(() => Math.max(0, tabs.findIndex((t) => t.list === initial)));
  const base = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tab = tabs[Math.min(selected, tabs.length - 1)]!;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabKeyTarget(event.key, selected, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <Dialog title="People" onClose={onClose}>
      <div role="tablist" aria-label="People" className="-mx-1 flex gap-1 overflow-x-auto border-b border-line" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.list}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${base}-panel`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            className={clsx(
              '-mb-px flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold',
              i === selected ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {LABELS[t.list]}
            <span className="tabular-nums text-muted">{formatCount(t.count)}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="min-h-40">
        <PeopleList key={tab.list} eventId={eventId} list={tab.list} />
      </div>
    </Dialog>
  );
}

function PeopleList({ eventId, list }: { eventId: number; list: PeopleList }) {
  const { data, isPending, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery(eventPeopleQuery(eventId, list));
  if (isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner label={`Loading ${LABELS[list].toLowerCase()}`} />
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col items-center gap-3 p-6 text-center text-sm text-muted">
        <p>This list could not be loaded.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const people = data.pages.flatMap((p) => p.list);
  if (people.length === 0) return <p className="p-6 text-center text-sm text-muted">No one yet.</p>;
  const Items = list === 'waitlist' ? 'ol' : 'ul';
  return (
    <>
      <Items className="flex flex-col">
        {people.map((m, i) => (
          <li key={m.userId}>
            <Link to="/profile/$username" params={{ username: m.handleName }} className="flex min-h-12 items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-surface-2">
              {list === 'waitlist' && <span className="w-6 shrink-0 text-right text-sm text-muted tabular-nums">{i + 1}.</span>}
              <Avatar src={m.profileImage} name={displayName(m)} />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-semibold">{displayName(m)}</span>
                <span className="truncate text-sm text-muted">@{m.handleName}</span>
              </span>
            </Link>
          </li>
        ))}
      </Items>
      {hasNextPage && (
        <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()} className="mt-2 w-full">
          Show more
        </Button>
      )}
    </>
  );
}
