import { createFileRoute } from '@tanstack/react-router';
// zod/mini: route search schemas load with the first page, so they use the tree-shakable build.
import * as z from 'zod/mini';
import { feedDetailQuery } from '../../../features/feeds/api';
import { EditFeedPage } from '../../../features/feeds/form/edit-feed-page';

/** `/feeds/edit?feedId=`: edit that post; without a (valid) id, write a new one (spec §4). */
export const Route = createFileRoute('/_main/feeds/edit')({
  validateSearch: z.object({ feedId: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined) }),
  loaderDeps: ({ search }) => ({ feedId: search.feedId }),
  // A prefetch only: a missing or foreign post is the page's not-found state, decided where it renders.
  loader: ({ context: { queryClient }, deps: { feedId } }) => (feedId === undefined ? undefined : queryClient.prefetchQuery(feedDetailQuery(feedId))),
  component: function EditFeedRoute() {
    return <EditFeedPage feedId={Route.useSearch().feedId} />;
  },
});
