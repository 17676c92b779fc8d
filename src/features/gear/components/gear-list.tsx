import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { Gear } from '#contract/gear';
import { SPORTS, sportName } from '#contract/sports';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { gearListQuery, type GearFilters } from '../api';
import { GearCard } from './gear-card';

type Props = {
  filters: GearFilters;
  /** What an empty list says: written for whose it is and the sport chosen. */
  empty: ReactNode;
};

type Group = { sportId: number; pieces: Gear[] };

/** Pieces by sport, in the order the sport pickers show them; a sport this app does not know goes last. */
export function groupBySport(pieces: readonly Gear[]): Group[] {
  const order = (sportId: number) => {
    const at = SPORTS.findIndex((s) => s.id === sportId);
    return at < 0 ? SPORTS.length : at;
  };
  const groups = new Map<number, Gear[]>();
  for (const piece of pieces) groups.set(piece.sportId, [...(groups.get(piece.sportId) ?? []), piece]);
  return [...groups].map(([sportId, list]) => ({ sportId, pieces: list })).sort((a, b) => order(a.sportId) - order(b.sportId));
}

/**
 * A member's gear grouped by sport, newest first within each; retired pieces are folded away at the end (kept with
 * their totals). 50 a page: the next comes as the end scrolls into view, or with the button.
 */
export function GearList({ filters, empty }: Props) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = useInfiniteQuery({
    ...gearListQuery(filters),
    meta: { silent: true },
  });
  if (isPending) return <Spinner label="Loading gear" />;
  const pieces = data?.pages.flatMap((p) => p.list) ?? [];
  if (error && pieces.length === 0) return <LoadError what="Gear" error={error} onRetry={() => void refetch()} />;

  const inUse = pieces.filter((p) => p.retiredAt === null);
  const retired = pieces.filter((p) => p.retiredAt !== null);
  return (
    <div className="flex flex-col gap-6 text-left">
      {pieces.length === 0 && empty}
      {groupBySport(inUse).map((group) => (
        <GearGroup key={group.sportId} title={sportName(group.sportId)} pieces={group.pieces} />
      ))}
      {retired.length > 0 && (
        <details className="rounded-2xl border border-line bg-surface p-3">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-1 font-semibold">
            Retired ({retired.length})
          </summary>
          <div className="mt-3 flex flex-col gap-6">
            {groupBySport(retired).map((group) => (
              <GearGroup key={group.sportId} title={`Retired ${sportName(group.sportId)}`} pieces={group.pieces} />
            ))}
          </div>
        </details>
      )}
      <LoadMore
        label="Show more gear"
        hasMore={Boolean(hasNextPage)}
        loading={isFetchingNextPage}
        failed={isFetchNextPageError}
        onMore={() => void fetchNextPage()}
      />
    </div>
  );
}

function GearGroup({ title, pieces }: { title: string; pieces: Gear[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        {title}
        <span aria-hidden="true" className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold tabular-nums text-muted">
          {pieces.length}
        </span>
      </h2>
      <ul aria-labelledby={headingId} className="flex flex-col gap-3">
        {pieces.map((piece) => (
          <li key={piece.id}>
            <GearCard gear={piece} />
          </li>
        ))}
      </ul>
    </section>
  );
}
