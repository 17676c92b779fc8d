import { createFileRoute } from '@tanstack/react-router';
import { liveSessionQuery } from '../../../features/live/api';
import { WatchPage } from '../../../features/live/components/watch-page';

const idOf = (param: string) => (/^[1-9]\d{0,15}$/.test(param) ? Number(param) : null);

// `live_`: a page of its own, not inside /activities/live's.
export const Route = createFileRoute('/_main/activities/live_/$liveId')({
  loader: ({ context: { queryClient }, params }) => {
    const liveId = idOf(params.liveId);
    if (liveId !== null) void queryClient.prefetchQuery(liveSessionQuery(liveId));
  },
  component: function LiveSessionRoute() {
    return <WatchPage liveId={idOf(Route.useParams().liveId)} />;
  },
});
