import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedLikes, ReactionCode } from '#contract/feeds';
import { MemberTabsDialog, PagedMemberList } from '../../../components/member-tabs-dialog';
import { formatCount } from '../../../lib/format-count';
import { likersQuery, type ReactionAdapter } from '../reaction-adapter';
import { reactionOf, topReactions } from '../reaction-counts';

/**
 * Who reacted to a post or an event: a tab for everyone and one per reaction used, each a paged list of members
 * linking to their profiles.
 */
export function LikersDialog({ adapter, subjectId, likes, onClose }: { adapter: ReactionAdapter; subjectId: number; likes: FeedLikes; onClose(): void }) {
  const tabs: { code: ReactionCode | undefined; label: string; count: number }[] = [
    { code: undefined, label: 'All', count: likes.total },
    ...topReactions(likes, likes.byCode.length).map((r) => ({ code: r.likeUniCode, label: reactionOf(r.likeUniCode).emoji, count: r.count })),
  ];
  return (
    <MemberTabsDialog
      title="Reactions"
      tabs={tabs.map((t) => ({
        key: t.code ?? 'all',
        ariaLabel: `${t.code ? reactionOf(t.code).label : 'All'}, ${t.count}`,
        label: (
          <>
            <span aria-hidden="true" className={t.code ? 'text-lg' : undefined}>
              {t.label}
            </span>
            <span aria-hidden="true" className="tabular-nums text-muted">
              {formatCount(t.count)}
            </span>
          </>
        ),
      }))}
      onClose={onClose}
    >
      {(tab) => <LikerList adapter={adapter} subjectId={subjectId} code={tab.key === 'all' ? undefined : (tab.key as ReactionCode)} />}
    </MemberTabsDialog>
  );
}

function LikerList({ adapter, subjectId, code }: { adapter: ReactionAdapter; subjectId: number; code: ReactionCode | undefined }) {
  const query = useInfiniteQuery(likersQuery(adapter, subjectId, code));
  return (
    <PagedMemberList
      query={query}
      loadingLabel="Loading who reacted"
      badge={(m) => reactionOf(m.likeUniCode).emoji}
      extra={(m) => `, ${reactionOf(m.likeUniCode).label}`}
    />
  );
}
