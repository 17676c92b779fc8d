import { createFileRoute } from '@tanstack/react-router';
import { loadFeedDetail } from '../../../features/feeds/api';
import { FeedDetailPage, FeedNotFound } from '../../../features/feeds/components/feed-detail-page';
import { FeedFormScope } from '../../../features/feeds/form/feed-form-scope';

export const Route = createFileRoute('/_main/feeds/$feedId')({
  loader: ({ context: { queryClient }, params }) => loadFeedDetail(queryClient, params.feedId),
  component: function FeedDetail() {
    return (
      <FeedFormScope>
        <FeedDetailPage feedId={Route.useLoaderData().feedId} />
      </FeedFormScope>
    );
  },
  notFoundComponent: FeedNotFound,
});
