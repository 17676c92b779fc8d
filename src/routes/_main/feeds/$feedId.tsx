import { createFileRoute } from '@tanstack/react-router';
import { loadFeedDetail } from '../../../features/feeds/api';
import { FeedDetailPage, FeedNotFound } from '../../../features/feeds/components/feed-detail-page';

export const Route = createFileRoute('/_main/feeds/$feedId')({
  loader: ({ context: { queryClient }, params }) => loadFeedDetail(queryClient, params.feedId),
  component: function FeedDetail() {
    return <FeedDetailPage feedId={Route.useLoaderData().feedId} />;
  },
  notFoundComponent: FeedNotFound,
});
