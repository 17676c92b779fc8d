import { Link, useMatchRoute } from '@tanstack/react-router';
import clsx from 'clsx';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabKeyTarget } from '../../../lib/tab-keys';

const TABS = [
  { to: '/profile/$username/feeds', label: 'Posts' },
  { to: '/profile/$username/gears', label: 'Gear' },
  { to: '/profile/$username/shorts', label: 'Shorts' },
] as const;

const PANEL_ID = 'member-content-panel';

/**
 * A member's content, one tab per child route (WAI-ARIA tabs made of links: arrow keys, Home and End move to a tab
 * and open it). The profile's own address shows Posts.
 */
export function MemberProfileTabs({ handleName, children }: { handleName: string; children: ReactNode }) {
  const matchRoute = useMatchRoute();
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const onIndex = Boolean(matchRoute({ to: '/profile/$username', params: { username: handleName } }));
  const selected = Math.max(
    0,
    TABS.findIndex((tab, i) => (i === 0 && onIndex) || matchRoute({ to: tab.to, params: { username: handleName } })),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabKeyTarget(event.key, selected, TABS.length);
    if (next === undefined) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    tabRefs.current[next]?.click();
  };

  return (
    <section aria-label="Their content" className="rounded-2xl border border-line bg-surface">
      <div role="tablist" aria-label="Their content" className="flex overflow-x-auto border-b border-line px-2" onKeyDown={onKeyDown}>
        {TABS.map((tab, i) => (
          <Link
            key={tab.to}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            to={tab.to}
            params={{ username: handleName }}
            role="tab"
            id={`member-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={i === selected ? PANEL_ID : undefined}
            tabIndex={i === selected ? 0 : -1}
            className={clsx(
              '-mb-px flex min-h-12 shrink-0 items-center border-b-2 px-3 text-sm font-semibold sm:px-4',
              i === selected ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={`member-tab-${selected}`} tabIndex={0} className="p-6 text-center">
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
