import { Link, useMatchRoute } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabKeyTarget } from '../../../lib/tab-keys';

/** The child routes another member's content tabs open (`/profile/$username/...`). */
export type MemberTabRoute = '/profile/$username/feeds' | '/profile/$username/activities' | '/profile/$username/gears' | '/profile/$username/shorts';

/**
 * One tab of a profile's content. With `to` it opens that child route of the member's profile (another member's
 * page: the address says which tab is open); without, it switches the panel in place (your own page).
 */
export type ProfileTab = {
  id: string;
  label: string;
  /** How many the area holds, beside the label on wider screens (on a phone the names need the room). */
  count?: string | undefined;
  to?: MemberTabRoute;
};

type Props = {
  /** Whose content, naming the section and its tab list: "Your content", "Their content". */
  label: string;
  tabs: readonly ProfileTab[];
  /** Tabs with `to`: whose profile they belong to. The address says which is open; the profile's own opens the first. */
  handleName?: string;
  /** Tabs without `to`: which is open, and how another is chosen (a click, or the arrow keys). */
  selected?: number;
  onSelect?(index: number): void;
  /** The open tab's panel. */
  children: ReactNode;
};

/**
 * A profile's content, one tab per area (WAI-ARIA tabs: arrow keys, Home and End move to a tab and open it), over
 * the selected tab's panel. The one tab strip of your own profile and of every other member's.
 */
export function ProfileTabs({ label, tabs, handleName = '', selected: chosen, onSelect, children }: Props) {
  const base = useId();
  const tabRefs = useRef<(HTMLElement | null)[]>([]);
  const matchRoute = useMatchRoute();
  const params = { username: handleName };
  // A route tab is open when the address is its route's; the first one also on the profile's own address.
  const isOpen = (tab: ProfileTab, i: number) =>
    tab.to !== undefined && Boolean((i === 0 && matchRoute({ to: '/profile/$username', params })) || matchRoute({ to: tab.to, params }));
  const selected = chosen ?? Math.max(0, tabs.findIndex(isOpen));
  const tabId = (tab: ProfileTab) => `${base}-tab-${tab.id}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabKeyTarget(event.key, selected, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    // Opens it as a click would: a route tab navigates, an in-place tab selects.
    tabRefs.current[next]?.click();
  };

  return (
    <section aria-label={label} className="rounded-2xl border border-line bg-surface">
      <div role="tablist" aria-label={label} className="flex overflow-x-auto border-b border-line px-2" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const ref = (el: HTMLElement | null) => {
            tabRefs.current[i] = el;
          };
          const props = {
            role: 'tab',
            id: tabId(tab),
            'aria-selected': i === selected,
            'aria-controls': i === selected ? panelId : undefined,
            tabIndex: i === selected ? 0 : -1,
            className: clsx(
              '-mb-px flex min-h-12 shrink-0 items-center gap-2 border-b-2 px-2.5 text-sm font-semibold sm:px-4',
              i === selected ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
            ),
          } as const;
          const content = (
            <>
              {tab.label}
              {tab.count !== undefined && (
                <span className="hidden rounded-full bg-surface-2 px-2 py-0.5 text-xs tabular-nums text-muted sm:inline">{tab.count}</span>
              )}
            </>
          );
          return tab.to ? (
            <Link key={tab.id} ref={ref} to={tab.to} params={params} {...props}>
              {content}
            </Link>
          ) : (
            <button key={tab.id} ref={ref} type="button" onClick={() => onSelect?.(i)} {...props}>
              {content}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabs[selected] && tabId(tabs[selected])} tabIndex={0} className="p-6 text-center">
        {children}
      </div>
    </section>
  );
}

/** A tab's area that arrives with its own issue; says so plainly rather than showing an empty list. */
export function NotBuiltPanel({ title, what }: { title: string; what: string }) {
  return (
    <>
      <p className="mx-auto mb-2 w-fit rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-muted">Not built yet</p>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted">{what}</p>
    </>
  );
}
