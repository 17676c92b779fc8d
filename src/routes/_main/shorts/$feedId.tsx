import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { feedDetailQuery, loadFeedDetail } from '../../../features/feeds/api';
import { ShortNotFound } from '../../../features/feeds/shorts/components/short-not-found';
import { ShortsPage } from '../../../features/feeds/shorts/components/shorts-page';
import { followOverVideo } from '../../../features/social/components/member-follow-button';

/** A short's own address, the link shared: the player opens at it, the other shorts after it. */
export const Route = createFileRoute('/_main/shorts/$feedId')({
  loader: ({ context: { queryClient }, params }) => loadFeedDetail(queryClient, params.feedId),
  component: function ShortRoute() {
    const { data: short } = useQuery(feedDetailQuery(Route.useLoaderData().feedId));
    // A post's id here is no short: the same answer as one that does not exist.
    if (short && short.kind !== 'short') return <ShortNotFound />;
    return <ShortsPage search="" first={short} followButton={followOverVideo} />;
  },
  notFoundComponent: ShortNotFound,
});
