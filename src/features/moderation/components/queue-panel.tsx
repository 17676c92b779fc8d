import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import type { QueueItem } from '#contract/reports';
import { Avatar } from '../../../components/avatar';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { displayName } from '../../../lib/display-name';
import { useNow } from '../../../lib/use-now';
import { queueQuery } from '../api';
import { aboutWhom, KIND_LABELS } from '../labels';
import { CasePanel } from './case-panel';
import { When } from './member-line';

type Target = Pick<QueueItem, 'targetKind' | 'targetId'>;

/** The review queue, oldest first; the chosen target's case opens beside it (below it on a narrow screen). */
export function QueuePanel() {
  const query = useInfiniteQuery(queueQuery);
  const [open, setOpen] = useState<Target | null>(null);
  const now = useNow();

  if (query.isPending) return <Spinner label="Loading the queue" />;
  if (query.isError) return <LoadError what="The review queue" error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.list);
  if (items.length === 0)
    return (
      <div className="rounded-2xl border border-line bg-surface p-8 text-center">
        <p className="font-semibold">Nothing to review.</p>
        <p className="text-sm text-muted">Reports members send land here.</p>
      </div>
    );
  const isOpen = (i: Target) => open?.targetKind === i.targetKind && open.targetId === i.targetId;

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-3">
        <ul aria-label="Reported, oldest first" className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={`${item.targetKind}-${item.targetId}`}>
              <QueueCard item={item} now={now} selected={isOpen(item)} onOpen={() => setOpen(item)} />
            </li>
          ))}
        </ul>
        <LoadMore
          label="Load more reports"
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          failed={query.isFetchNextPageError}
          onMore={() => void query.fetchNextPage()}
        />
      </div>
      {open && <CasePanel key={`${open.targetKind}-${open.targetId}`} targetKind={open.targetKind} targetId={open.targetId} onClose={() => setOpen(null)} />}
    </div>
  );
}

function QueueCard({ item, now, selected, onOpen }: { item: QueueItem; now: Date; selected: boolean; onOpen(): void }) {
  const who = item.target.member ? displayName(item.target.member) : 'a member who left';
  return (
    <article
      aria-label={aboutWhom(item.targetKind, who)}
      className={clsx('flex flex-col gap-3 rounded-2xl border bg-surface p-4', selected ? 'border-brand ring-1 ring-brand' : 'border-line')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide">{KIND_LABELS[item.targetKind]}</span>
        <span className="text-sm font-semibold">{item.reportCount === 1 ? '1 report' : `${item.reportCount} reports`}</span>
        {item.target.removed && <span className="text-xs font-semibold text-danger">Removed</span>}
      </div>
      <p className="text-sm">
        <span className="font-semibold">{who}</span>
        {item.target.member && <span className="text-muted"> @{item.target.member.handleName}</span>}
      </p>
      {item.target.excerpt && <p className="line-clamp-3 break-words text-sm text-muted">{item.target.excerpt}</p>}
      <ul aria-label="Reasons" className="flex flex-wrap gap-1.5">
        {item.reasons.map((r) => (
          <li key={r.id} className="rounded-full border border-line px-2.5 py-0.5 text-xs">
            {r.title} <span className="tabular-nums text-muted">×{r.count}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-xs text-muted">
          <span className="flex -space-x-2" aria-label={`Reported by ${item.reporters.map(displayName).join(', ')}`} role="img">
            {item.reporters.map((m) => (
              <Avatar key={m.userId} src={m.profileImage} name={displayName(m)} size="sm" />
            ))}
          </span>
          <When iso={item.firstReportedAt} now={now} prefix="First reported " />
        </div>
        <button
          type="button"
          aria-pressed={selected}
          aria-label={`Review: ${aboutWhom(item.targetKind, who)}`}
          onClick={onOpen}
          className={clsx(
            'min-h-11 rounded-lg px-4 text-sm font-semibold',
            selected ? 'bg-surface-2 text-fg' : 'bg-brand text-on-brand hover:bg-brand-strong',
          )}
        >
          Review
        </button>
      </div>
    </article>
  );
}
