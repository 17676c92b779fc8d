import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MyReport, ReportTarget } from '#contract/reports';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { tabKeyTarget } from '../../../lib/tab-keys';
import { myReportsQuery } from '../api';
import { useWithdrawReport } from '../withdraw-report';
import { ReportRow, reportAbout } from './report-row';

type KindWords = { tab: string; list: string; empty: string; hint: string };

const KIND_WORDS: Record<ReportTarget, KindWords> = {
  member: {
    tab: 'Members',
    list: 'Members you reported',
    empty: "You haven't reported anyone.",
    hint: 'To report a member, open their profile and choose Report in its ⋯ menu.',
  },
  post: { tab: 'Posts', list: 'Posts you reported', empty: "You haven't reported any posts.", hint: 'To report a post, choose Report in its ⋯ menu.' },
  event: {
    tab: 'Events',
    list: 'Events you reported',
    empty: "You haven't reported any events.",
    hint: 'To report an event, open it and choose Report in its ⋯ menu.',
  },
  activity: {
    tab: 'Activities',
    list: 'Activities you reported',
    empty: "You haven't reported any activities.",
    hint: 'To report an activity, open it and choose Report in its ⋯ menu.',
  },
  comment: { tab: 'Comments', list: 'Comments you reported', empty: "You haven't reported any comments.", hint: 'To report a comment, choose Report under it.' },
  short: {
    tab: 'Shorts',
    list: 'Shorts you reported',
    empty: "You haven't reported any shorts.",
    hint: 'To report a short, choose Report in its ⋯ menu while it plays.',
  },
  short_comment: {
    tab: 'Comments on shorts',
    list: 'Comments on shorts you reported',
    empty: "You haven't reported any comments on shorts.",
    hint: 'To report one, open the comments of a short and choose Report under it.',
  },
};

type PageSpec = { title: string; intro: string; kinds: readonly [ReportTarget, ...ReportTarget[]] };

const INTRO_END = 'You can withdraw a report until a moderator has reviewed it.';
const PAGES = {
  members: { title: 'Reported members', intro: `Members you reported, and where each report stands. ${INTRO_END}`, kinds: ['member'] },
  posts: {
    title: 'Reported posts, events and activities',
    intro: `Posts, events and activities you reported, and where each report stands. ${INTRO_END}`,
    kinds: ['post', 'event', 'activity'],
  },
  comments: { title: 'Reported comments', intro: `Comments you reported, and where each report stands. ${INTRO_END}`, kinds: ['comment'] },
  shorts: { title: 'Reported shorts', intro: `Shorts you reported, and where each report stands. ${INTRO_END}`, kinds: ['short'] },
  shortComments: {
    title: 'Reported comments on shorts',
    intro: `Comments on shorts you reported, and where each report stands. ${INTRO_END}`,
    kinds: ['short_comment'],
  },
} satisfies Record<string, PageSpec>;

/** The lists of the viewer's reports, linked to each other (the account menu links the first). */
const REPORT_PAGES = [
  { to: '/manage-users/reported', label: 'Members' },
  { to: '/manage-feeds/reported', label: 'Posts, events and activities' },
  { to: '/manage-feeds/reported-comments', label: 'Comments' },
  { to: '/manage-shorts/reported', label: 'Shorts' },
  { to: '/manage-shorts/reported-comments', label: 'Comments on shorts' },
] as const;

/**
 * `/manage-users/reported`, `/manage-feeds/reported` (posts, events and activities, one segment each),
 * `/manage-feeds/reported-comments`, `/manage-shorts/reported` and `/manage-shorts/reported-comments`: the viewer's
 * own reports, newest first, each with what it is about, the rule, what they wrote, where it stands, and Withdraw
 * while it waits for review.
 */
function MyReportsPage({ page }: { page: PageSpec }) {
  const [selected, setSelected] = useState(0);
  const base = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const kind = page.kinds[selected] ?? page.kinds[0];
  const tabbed = page.kinds.length > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabKeyTarget(event.key, selected, page.kinds.length);
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{page.title}</h1>
        <p className="text-sm text-muted">{page.intro}</p>
      </header>
      <nav aria-label="Your reports" className="flex flex-wrap gap-2">
        {REPORT_PAGES.map((p) => (
          <Link
            key={p.to}
            to={p.to}
            className="rounded-full border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-2"
            activeProps={{ className: 'border-brand bg-surface-2', 'aria-current': 'page' }}
          >
            {p.label}
          </Link>
        ))}
      </nav>
      {tabbed ? (
        <>
          <div role="tablist" aria-label="Show" className="flex border-b border-line" onKeyDown={onKeyDown}>
            {page.kinds.map((k, i) => (
              <button
                key={k}
                ref={(el) => {
                  tabRefs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${k}`}
                aria-selected={i === selected}
                aria-controls={`${base}-panel`}
                tabIndex={i === selected ? 0 : -1}
                onClick={() => setSelected(i)}
                className={
                  i === selected
                    ? 'min-h-11 border-b-2 border-brand px-4 text-sm font-semibold text-fg'
                    : 'min-h-11 border-b-2 border-transparent px-4 text-sm font-medium text-muted hover:text-fg'
                }
              >
                {KIND_WORDS[k].tab}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${kind}`}>
            <ReportList key={kind} kind={kind} />
          </div>
        </>
      ) : (
        <ReportList kind={kind} />
      )}
    </div>
  );
}

/** One kind's reports: loading, failure, empty and paged states, and the withdraw confirmation. */
function ReportList({ kind }: { kind: ReportTarget }) {
  const words = KIND_WORDS[kind];
  // Where a report stands changes on the moderators' side (an outcome notification leads here): every visit asks
  // again, rather than showing a status up to the client's stale time old as if it were current.
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = useInfiniteQuery({
    ...myReportsQuery(kind),
    refetchOnMount: 'always',
  });
  const withdraw = useWithdrawReport(kind);
  const [asking, setAsking] = useState<MyReport | null>(null);
  const reports = data?.pages.flatMap((p) => p.list) ?? [];

  if (isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={`Loading ${words.list.toLowerCase()}`} />
      </div>
    );
  }
  if (error && reports.length === 0) return <LoadError what="This list" error={error} onRetry={() => void refetch()} />;
  return (
    <div className="flex flex-col gap-3">
      {reports.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-2xl border border-dashed border-line p-8 text-center">
          <p className="font-semibold">{words.empty}</p>
          <p className="text-sm text-muted">{words.hint}</p>
        </div>
      ) : (
        <ul aria-label={words.list} className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {reports.map((report) => (
            <ReportRow key={report.reportId} report={report} onWithdraw={() => setAsking(report)} />
          ))}
        </ul>
      )}
      <LoadMore label="Load more reports" hasMore={hasNextPage} loading={isFetchingNextPage} failed={isFetchNextPageError} onMore={() => void fetchNextPage()} />
      {asking && (
        <ConfirmDialog
          title="Withdraw this report?"
          description={<p>Moderators won't review your report about {reportAbout(asking)}.</p>}
          confirmLabel="Withdraw"
          cancelLabel="Keep it"
          onConfirm={() => {
            setAsking(null);
            withdraw.mutate(asking.reportId);
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}

export const ReportedMembersPage = () => <MyReportsPage page={PAGES.members} />;
export const ReportedPostsPage = () => <MyReportsPage page={PAGES.posts} />;
export const ReportedCommentsPage = () => <MyReportsPage page={PAGES.comments} />;
export const ReportedShortsPage = () => <MyReportsPage page={PAGES.shorts} />;
export const ReportedShortCommentsPage = () => <MyReportsPage page={PAGES.shortComments} />;
