import { createFileRoute } from '@tanstack/react-router';
import { followListQuery } from '../../../features/social/api';
import { RequestsPage } from '../../../features/social/components/requests-page';

export const Route = createFileRoute('/_main/followers/requests')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchInfiniteQuery(followListQuery('requests', '')),
  component: RequestsPage,
});
