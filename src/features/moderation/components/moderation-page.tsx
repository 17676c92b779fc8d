import { useNavigate, useSearch } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useRef, type KeyboardEvent } from 'react';
import { tabKeyTarget } from '../../../lib/tab-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../auth/session-context';
import { AppealsPanel } from './appeals-panel';
import { DecisionsPanel } from './decisions-panel';
import { LogPanel } from './log-panel';
import { QueuePanel } from './queue-panel';

const TABS = [
  { id: 'queue', label: 'Queue' },
  { id: 'appeals', label: 'Appeals' },
  { id: 'log', label: 'Log' },
  { id: 'decisions', label: 'About you' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * `/moderation`: for moderators the review queue, open appeals, the audit log and the decisions about themselves; for
 * every other member only the decisions about them (where notifications of a decision lead). `?tab=` says which is
 * open, so a notification or a shared link opens the right one.
 */
export function ModerationPage() {
  const { user } = useSession();
  const isModerator = user?.isModerator ?? false;
  useDocumentTitle('Moderation');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Moderation</h1>
        <p className="text-sm text-muted">
          {isModerator
            ? 'Review what members report, answer appeals, and see every decision taken.'
            : 'Decisions moderators took about your posts, comments, events or account, and your appeals.'}
        </p>
      </header>
      {isModerator ? (
        <ModeratorTabs />
      ) : (
        <section aria-label="Decisions about you" className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">Decisions about you</h2>
          <DecisionsPanel />
        </section>
      )}
    </div>
  );
}

function ModeratorTabs() {
  const search = useSearch({ strict: false }) as { tab?: unknown };
  const navigate = useNavigate();
  const selected = Math.max(
    0,
    TABS.findIndex((t) => t.id === search.tab),
  );
  const base = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const open = (tab: TabId) => void navigate({ to: '.', search: ((prev: object) => ({ ...prev, tab })) as never, replace: true });

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabKeyTarget(event.key, selected, TABS.length);
    if (next === undefined) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    open(TABS[next]!.id);
  };

  const current = TABS[selected]!;
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label="Moderation" className="-mx-1 flex overflow-x-auto border-b border-line px-1" onKeyDown={onKeyDown}>
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
            aria-controls={i === selected ? `${base}-panel` : undefined}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => open(tab.id)}
            className={clsx(
              '-mb-px flex min-h-12 shrink-0 items-center border-b-2 px-3 text-sm font-semibold sm:px-4',
              i === selected ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current.id}`} className="flex flex-col gap-3">
        {current.id === 'queue' && <QueuePanel />}
        {current.id === 'appeals' && <AppealsPanel />}
        {current.id === 'log' && <LogPanel />}
        {current.id === 'decisions' && <DecisionsPanel />}
      </div>
    </div>
  );
}
