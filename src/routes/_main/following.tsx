import { createFileRoute } from '@tanstack/react-router';
import { followListQuery } from '../../features/social/api';
import { FollowingPage } from '../../features/social/components/following-page';

export const Route = createFileRoute('/_main/following')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchInfiniteQuery(followListQuery('following', '')),
  component: FollowingPage,
});
