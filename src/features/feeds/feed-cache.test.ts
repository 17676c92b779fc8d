import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Relationship } from '#contract/social';
import { feedKeys } from './api';
import { refetchFeedsOnBlockOrMute } from './feed-cache';

const rel: Relationship = { userId: 7, isFollowing: true, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false };

function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(feedKeys.list({ filter_type: 'all' }), { pages: [], pageParams: [] });
  queryClient.setQueryData(feedKeys.comments(3), { pages: [], pageParams: [] });
  return queryClient;
}
const stale = (queryClient: QueryClient) => queryClient.getQueryCache().findAll({ queryKey: feedKeys.all }).filter((q) => q.state.isInvalidated).length;

describe('refetchFeedsOnBlockOrMute', () => {
  it('marks every cached post list and comment thread stale when a block or a mute settles, nothing on a follow', () => {
    const followed = cache();
    refetchFeedsOnBlockOrMute(followed, { ...rel, isFollowing: false }, rel);
    expect(stale(followed)).toBe(0);
    const muted = cache();
    refetchFeedsOnBlockOrMute(muted, { ...rel, isMuted: true }, rel);
    expect(stale(muted)).toBe(2);
    const blocked = cache();
    refetchFeedsOnBlockOrMute(blocked, { ...rel, isBlocked: true, isFollowing: false }, rel);
    expect(stale(blocked)).toBe(2);
  });
});
