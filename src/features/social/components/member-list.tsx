import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import type { MemberCard } from '#contract/social';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { MemberPages, MemberPagesQuery } from '../api';
import { LoadError } from '../../../components/load-error';

type Props = {
  /** Any of the feature's member-list infinite queries. */
  query: MemberPagesQuery;
  /** Accessible name of the list, e.g. "Members". */
  label: string;
  /** One `<li>` per member, usually a `MemberRow` with this screen's action. */
  renderRow(member: MemberCard): ReactNode;
  /** What an empty first page says; `searching` when a search or filter is on. */
  empty: { title: string; hint: string };
  searching: boolean;
};

/** The members of every page, first page first; later pages append. */
const membersOf = (data: MemberPages | undefined) => data?.pages.flatMap((p) => p.list) ?? [];

/**
 * A paged list of members that loads the next page when its end scrolls into view (IntersectionObserver), with a
 * "Load more" button for keyboards, screen readers and browsers without the observer. Loading, empty and error
 * states each say what is going on.
 */
export function MemberList({ query, label, renderRow, empty, searching }: Props) {
  const { data, error, isPending, isFetching, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useInfiniteQuery(query);
  const sentinel = useRef<HTMLDivElement>(null);
  const members = membersOf(data);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '400px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={`Loading ${label.toLowerCase()}`} />
      </div>
    );
  }
  if (error && members.length === 0) {
    return (
      <LoadError what="This list" error={error} onRetry={() => void refetch()} />
    );
  }
  const total = data?.pages[0]?.total ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only" role="status" aria-live="polite">
        {isFetching && isPlaceholderData ? 'Searching' : `${total} ${total === 1 ? 'member' : 'members'}`}
      </p>
      {members.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-2xl border border-dashed border-line p-8 text-center">
          <p className="font-semibold">{searching ? 'No one matches that search.' : empty.title}</p>
          <p className="text-sm text-muted">{searching ? 'Check the spelling, or try part of a name or handle.' : empty.hint}</p>
        </div>
      ) : (
        <ul aria-label={label} aria-busy={isFetching && isPlaceholderData} className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {members.map((m) => (
            <Fragment key={m.userId}>{renderRow(m)}</Fragment>
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {hasNextPage && (
        <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()} className="self-center">
          Load more
        </Button>
      )}
    </div>
  );
}
