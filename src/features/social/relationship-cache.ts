import type { QueryClient } from '@tanstack/react-query';
import type { MemberCard, MemberProfile, Relationship } from '#contract/social';
import { requestsSummaryKey } from '../notifications/api';
import { socialKeys, type MemberPages } from './api';

type RelationshipFields = Omit<Relationship, 'userId'>;

const fieldsOf = (rel: Relationship): RelationshipFields => ({
  isFollowing: rel.isFollowing,
  isRequested: rel.isRequested,
  isFollowedBy: rel.isFollowedBy,
  isBlocked: rel.isBlocked,
  isMuted: rel.isMuted,
});

const patchCard = <T extends MemberCard>(card: T, rel: Relationship): T => (card.userId === rel.userId ? { ...card, ...fieldsOf(rel) } : card);

function patchPages(data: MemberPages | undefined, rel: Relationship): MemberPages | undefined {
  if (!data?.pages) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map((m) => patchCard(m, rel)) })) };
}

/** The profile with the new relationship; its follower count moves with the viewer's own follow. */
function patchProfile(profile: MemberProfile, rel: Relationship): MemberProfile {
  if (profile.userId !== rel.userId) return profile;
  const delta = Number(rel.isFollowing) - Number(profile.isFollowing);
  return { ...profile, ...fieldsOf(rel), followers: profile.followers === null ? null : Math.max(0, profile.followers + delta) };
}

/**
 * Writes the viewer's relationship with one member into every cached place that member appears: the cards of every
 * members and follow list, the member's profile, and the follow-requests summary. The follow toggle and the live
 * socket both call it, so a screen never shows two answers for the same member. `optimistic` (a click not yet
 * answered) asks the server nothing: it stops fetches in flight instead, and the toggle refreshes once it settles.
 */
export function patchRelationship(queryClient: QueryClient, rel: Relationship, { optimistic = false } = {}): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: socialKeys.all })) {
    const kind = query.queryKey[1];
    if (kind === 'member') {
      const profile = query.state.data as MemberProfile | undefined;
      if (profile?.userId !== rel.userId) continue;
      // A fetch already on its way answers from before this click; landing after it, it would undo the click.
      if (optimistic) void queryClient.cancelQueries({ queryKey: query.queryKey, exact: true });
      queryClient.setQueryData<MemberProfile>(query.queryKey, (p) => (p ? patchProfile(p, rel) : p));
      // What a private profile lets the viewer see changes with the follow: its content must be asked for again.
      if (!optimistic && profile.isPrivate && profile.isFollowing !== rel.isFollowing) {
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      }
    } else {
      queryClient.setQueryData<MemberPages>(query.queryKey, (d) => patchPages(d, rel));
    }
  }
  queryClient.setQueryData<{ newFollowerRequestCount: number; latest: MemberCard[] }>(requestsSummaryKey, (s) =>
    s ? { ...s, latest: s.latest.map((m) => patchCard(m, rel)) } : s,
  );
}

/** A private member's profile asked for again: what the viewer may see there changed with the follow. */
export function refreshPrivateProfile(queryClient: QueryClient, userId: number): void {
  void queryClient.invalidateQueries({
    queryKey: socialKeys.all,
    predicate: (query) => {
      if (query.queryKey[1] !== 'member') return false;
      const profile = query.state.data as MemberProfile | undefined;
      return profile?.userId === userId && profile.isPrivate;
    },
  });
}
