import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '#contract/social';
import { socialKeys } from './api';
import { patchRelationship } from './relationship-cache';
import { aMemberProfile, relationshipOf } from './test-helpers';

describe('patchRelationship', () => {
  it('optimistic: a profile fetch already on its way cannot undo the click when it lands', async () => {
    const queryClient = new QueryClient();
    const key = socialKeys.member('jonasrides');
    const following = aMemberProfile({ isPrivate: true, isFollowing: true, followers: 5 });
    queryClient.setQueryData(key, following);
    let answer!: (p: MemberProfile) => void;
    // A refetch that started before the click, answering the state from before it.
    const inFlight = queryClient.fetchQuery({ queryKey: key, queryFn: () => new Promise<MemberProfile>((resolve) => (answer = resolve)) });

    patchRelationship(queryClient, relationshipOf(following, { isFollowing: false }), { optimistic: true });
    answer(following);
    await inFlight.catch(() => undefined);

    expect(queryClient.getQueryData<MemberProfile>(key)).toMatchObject({ isFollowing: false, followers: 4 });
  });

  it('settled: a private profile whose follow changed is asked for again', () => {
    const queryClient = new QueryClient();
    const key = socialKeys.member('jonasrides');
    const profile = aMemberProfile({ isPrivate: true, isFollowing: false });
    queryClient.setQueryData(key, profile);
    patchRelationship(queryClient, relationshipOf(profile, { isFollowing: true }));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
