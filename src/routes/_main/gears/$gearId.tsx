import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { Feed } from '#contract/feeds';
import { reloadFirstPages } from '../../../features/feeds/form/save-feed';
import { loadGearDetail } from '../../../features/gear/api';
import { GearDetailPage } from '../../../features/gear/components/gear-detail-page';
import { GearNotFound } from '../../../features/gear/components/gear-not-found';

export const Route = createFileRoute('/_main/gears/$gearId')({
  loader: ({ context: { queryClient }, params }) => loadGearDetail(queryClient, params.gearId),
  component: function GearDetail() {
    const queryClient = useQueryClient();
    // "Post about it" makes a post: the feed lists reload their first page, as after the composer's save.
    const onPosted = (post: Feed) => reloadFirstPages(queryClient, post, false);
    return <GearDetailPage gearId={Route.useLoaderData().gearId} onPosted={onPosted} />;
  },
  notFoundComponent: GearNotFound,
});
