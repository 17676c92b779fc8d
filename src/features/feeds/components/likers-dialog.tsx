import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FeedLikes, ReactionCode } from '#contract/feeds';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { tabKeyTarget } from '../../../lib/tab-keys';
import { formatCount } from '../../profile/format';
import { displayName } from '../mappers';
import { likersQuery, type ReactionAdapter } from '../reaction-adapter';
import { reactionOf, topReactions } from '../reactions';

/**
 * Who reacted to a post or an event: a tab for everyone and one per reaction used (WAI-ARIA tabs), each a paged list of
 * members linking to their profiles.
 */
export function LikersDialog({ adapter, subjectId, likes, onClose }: { adapter: ReactionAdapter; subjectId: number; likes: FeedLikes; onClose(): void }) {
  const tabs: { code: ReactionCode | undefined; label: string; count: number }[] = [
    { code: undefined, label: 'All', count: likes.total },
    ...topReactions(likes, likes.byCode.length).map((r) => ({ code: r.likeUniCode, label: reactionOf(r.likeUniCode).emoji, count: r.count })),
  ];
  const [selected, setSelected] = useState(0);
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
    <Dialog title="Reactions" onClose={onClose}>
      <div role="tablist" aria-label="Reactions" className="-mx-1 flex gap-1 overflow-x-auto border-b border-line" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.code ?? 'all'}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${base}-panel`}
            aria-label={`${t.code ? reactionOf(t.code).label : 'All'}, ${t.count}`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            className={clsx(
              '-mb-px flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold',
              i === selected ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            <span aria-hidden="true" className={t.code ? 'text-lg' : undefined}>
              {t.label}
            </span>
            <span aria-hidden="true" className="tabular-nums text-muted">
              {formatCount(t.count)}
            </span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="min-h-40">
        <LikerList key={tab.code ?? 'all'} adapter={adapter} subjectId={subjectId} code={tab.code} />
      </div>
    </Dialog>
  );
}

function LikerList({ adapter, subjectId, code }: { adapter: ReactionAdapter; subjectId: number; code: ReactionCode | undefined }) {
  const { data, isPending, error, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery(likersQuery(adapter, subjectId, code));
  if (isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner label="Loading who reacted" />
      </div>
    );
  }
  if (error) return <p className="p-6 text-center text-sm text-muted">This list could not be loaded.</p>;
  const likers = data.pages.flatMap((p) => p.list);
  if (likers.length === 0) return <p className="p-6 text-center text-sm text-muted">No one yet.</p>;
  return (
    <>
      <ul className="flex flex-col">
        {likers.map((m) => (
          <li key={m.userId}>
            <Link to="/profile/$username" params={{ username: m.handleName }} className="flex min-h-12 items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-surface-2">
              <span className="relative">
                <Avatar src={m.profileImage} name={displayName(m)} />
                <span aria-hidden="true" className="absolute -right-1 -bottom-1 text-sm">
                  {reactionOf(m.likeUniCode).emoji}
                </span>
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-semibold">{displayName(m)}</span>
                <span className="truncate text-sm text-muted">
                  @{m.handleName}
                  <span className="sr-only">, {reactionOf(m.likeUniCode).label}</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()} className="mt-2 w-full">
          Show more
        </Button>
      )}
    </>
  );
}
