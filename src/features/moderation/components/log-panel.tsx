import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { displayName } from '../../../lib/display-name';
import { useNow } from '../../../lib/use-now';
import { logQuery } from '../api';
import { aboutWhom, ACTION_LABELS, APPEAL_STATUS_LABELS, suspensionEnd } from '../labels';
import { When } from './member-line';

/** The audit log: every decision and appeal answer, newest first. */
export function LogPanel() {
  const query = useInfiniteQuery(logQuery);
  const now = useNow();
  if (query.isPending) return <Spinner label="Loading the log" />;
  if (query.isError) return <LoadError what="The audit log" error={query.error} onRetry={() => void query.refetch()} />;
  const entries = query.data.pages.flatMap((p) => p.list);
  if (entries.length === 0) return <p className="rounded-2xl border border-line bg-surface p-8 text-center text-sm text-muted">No decisions yet.</p>;
  return (
    <>
      <ul aria-label="Audit log" className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
        {entries.map((e) => (
          <li key={e.actionId} className="flex flex-col gap-1 p-4 text-sm">
            <p>
              <span className="font-semibold">{e.moderator ? displayName(e.moderator) : 'A moderator who left'}</span> · {ACTION_LABELS[e.action]}
              {e.until && ` ${suspensionEnd(e.until)}`}
            </p>
            <p className="text-muted">
              {aboutWhom(e.targetKind, e.member ? `@${e.member.handleName}` : 'a member who left')}
            </p>
            {e.rule && <p className="text-muted">Rule: {e.rule}</p>}
            <p className="break-words">{e.note}</p>
            {e.excerpt && <p className="line-clamp-2 break-words text-muted">“{e.excerpt}”</p>}
            <p className="text-xs text-muted">
              <When iso={e.createdAt} now={now} />
              {e.appeal && ` · ${APPEAL_STATUS_LABELS[e.appeal.status]}`}
            </p>
          </li>
        ))}
      </ul>
      <LoadMore
        label="Load more decisions"
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
