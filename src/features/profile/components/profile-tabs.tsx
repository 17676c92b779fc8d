import clsx from 'clsx';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type * as z from 'zod/mini';
import type { profileSummaryData } from '#contract/profile';
import { tabKeyTarget } from '../../../lib/tab-keys';
import { OwnFeeds } from '../../feeds/components/member-feeds';
import { formatCount } from '../format';

type Summary = z.infer<typeof profileSummaryData>;

const TABS = [
  { id: 'feeds', label: 'Feeds', count: 'feeds', notBuilt: '', what: '' },
  { id: 'shorts', label: 'Shorts', count: 'shorts', notBuilt: 'Shorts are not built yet.', what: 'Your short videos will be listed here.' },
  { id: 'gear', label: 'Gear', count: 'gears', notBuilt: 'Gear is not built yet.', what: 'Your bikes, boots and the rest of your kit will be listed here.' },
  {
    id: 'activities',
    label: 'Activities',
    count: 'activities',
    notBuilt: 'Activities are not built yet.',
    what: 'Your logged rides, hikes, runs and walks will be listed here.',
  },
] as const satisfies readonly { id: string; label: string; count: keyof Summary; notBuilt: string; what: string }[];

/**
 * The member's content, one tab per area (WAI-ARIA tabs: arrow keys, Home and End move and select). Feeds lists
 * your posts; each other area says plainly that it is not built yet until it is.
 */
export function ProfileTabs({ summary }: { summary: Summary | undefined }) {
  const [selected, setSelected] = useState(0);
  const base = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabKeyTarget(event.key, selected, TABS.length);
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-label="Your content" className="rounded-2xl border border-line bg-surface">
      <div role="tablist" aria-label="Your content" className="flex overflow-x-auto border-b border-line px-2" onKeyDown={onKeyDown}>
        {TABS.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={i === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            className={clsx(
              '-mb-px flex min-h-12 shrink-0 items-center gap-2 border-b-2 px-2.5 text-sm font-semibold sm:px-4',
              i === selected ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {tab.label}
            {summary && (
              // Counts on wider screens; on a phone the four names need the room.
              <span className="hidden rounded-full bg-surface-2 px-2 py-0.5 text-xs tabular-nums text-muted sm:inline">{formatCount(summary[tab.count])}</span>
            )}
          </button>
        ))}
      </div>
      {TABS.map((tab, i) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={i !== selected}
          tabIndex={0}
          className="p-6 text-center"
        >
          {tab.id === 'feeds' ? (
            // Mounted only while shown: the list follows the window's scroll.
            i === selected && <OwnFeeds />
          ) : (
            <>
              <p className="mx-auto mb-2 w-fit rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-muted">Not built yet</p>
              <p className="font-medium">{tab.notBuilt}</p>
              <p className="text-sm text-muted">{tab.what}</p>
            </>
          )}
        </div>
      ))}
    </section>
  );
}
