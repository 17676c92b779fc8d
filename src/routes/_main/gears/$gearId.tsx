import { createFileRoute } from '@tanstack/react-router';
import { loadGearDetail } from '../../../features/gear/api';
import { GearDetailPage } from '../../../features/gear/components/gear-detail-page';
import { GearNotFound } from '../../../features/gear/components/gear-not-found';

export const Route = createFileRoute('/_main/gears/$gearId')({
  loader: ({ context: { queryClient }, params }) => loadGearDetail(queryClient, params.gearId),
  component: function GearDetail() {
    return <GearDetailPage gearId={Route.useLoaderData().gearId} />;
  },
  notFoundComponent: GearNotFound,
});
