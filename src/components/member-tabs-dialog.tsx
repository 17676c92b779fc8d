import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { Fragment, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { MemberSummary } from '#contract/social';
import { displayName } from '../lib/display-name';
import { tabKeyTarget } from '../lib/tab-keys';
import type { Pages } from '../lib/paging';
import { Avatar } from './avatar';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { Spinner } from './ui/spinner';

export type MemberTab = {
  key: string;
  /** What the tab shows, e.g. `Going 3` or an emoji and its count. */
  label: ReactNode;
  /** The tab's name when its label alone does not say it (an emoji). */
  ariaLabel?: string;
};

type DialogProps = {
  title: string;
  tabs: MemberTab[];
  /** The tab open first (its index). */
  initial?: number;
  onClose(): void;
  /** The open tab's list; it is mounted afresh for each tab. */
  children(tab: MemberTab): ReactNode;
};

/**
 * Lists of members under WAI-ARIA tabs in a dialog (who reacted, who is going): the arrow keys, Home and End move
 * between tabs, and only the chosen tab is in the Tab order.
 */
export function MemberTabsDialog({ title, tabs, initial = 0, onClose, children }: DialogProps) {
  const [selected, setSelected] = useState(initial);
  const base = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(selected, tabs.length - 1);
  const tab = tabs[current]!;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabKeyTarget(event.key, current, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <div role="tablist" aria-label={title} className="-mx-1 flex gap-1 overflow-x-auto border-b border-line" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === current}
            aria-controls={`${base}-panel`}
            aria-label={t.ariaLabel}
            tabIndex={i === current ? 0 : -1}
            onClick={() => setSelected(i)}
            className={clsx(
              '-mb-px flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold',
              i === current ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current}`} className="min-h-40">
        {/* Keyed by tab: each tab's list mounts afresh, so one tab's paging never shows under another. */}
        <Fragment key={tab.key}>{children(tab)}</Fragment>
      </div>
    </Dialog>
  );
}

type ListProps<M extends MemberSummary> = {
  query: UseInfiniteQueryResult<Pages<{ list: M[] }>, Error>;
  /** Read while the first page loads, e.g. `Loading who reacted`. */
  loadingLabel: string;
  /** A numbered list, for an order that means something (the waitlist). */
  ordered?: boolean;
  /** Drawn on the corner of a member's avatar (e.g. their reaction). */
  badge?(member: M): ReactNode;
  /** Read after a member's handle (e.g. `, Love`). */
  extra?(member: M): string;
};

/**
 * One paged list of members, each a link to their profile: a spinner while the first page loads, a failure with Try
 * again, "No one yet." when empty, and "Show more" while there are more pages.
 */
export function PagedMemberList<M extends MemberSummary>({ query, loadingLabel, ordered = false, badge, extra }: ListProps<M>) {
  const { data, isPending, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  if (isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner label={loadingLabel} />
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
  const members = data.pages.flatMap((p) => p.list);
  if (members.length === 0) return <p className="p-6 text-center text-sm text-muted">No one yet.</p>;
  const Items = ordered ? 'ol' : 'ul';
  return (
    <>
      <Items className="flex flex-col">
        {members.map((m, i) => (
          <li key={m.userId}>
            <Link to="/profile/$username" params={{ username: m.handleName }} className="flex min-h-12 items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-surface-2">
              {ordered && <span className="w-6 shrink-0 text-right text-sm text-muted tabular-nums">{i + 1}.</span>}
              <span className="relative shrink-0">
                <Avatar src={m.profileImage} name={displayName(m)} />
                {badge && (
                  <span aria-hidden="true" className="absolute -right-1 -bottom-1 text-sm">
                    {badge(m)}
                  </span>
                )}
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-semibold">{displayName(m)}</span>
                <span className="truncate text-sm text-muted">
                  @{m.handleName}
                  {extra && <span className="sr-only">{extra(m)}</span>}
                </span>
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
