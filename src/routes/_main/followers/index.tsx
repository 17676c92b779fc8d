import { createFileRoute } from '@tanstack/react-router';
import { followListQuery } from '../../../features/social/api';
import { FollowersPage } from '../../../features/social/components/followers-page';

export const Route = createFileRoute('/_main/followers/')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchInfiniteQuery(followListQuery('followers', '')),
  component: FollowersPage,
});
