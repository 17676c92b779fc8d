import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/events/create')({
  component: () => <NotBuiltYet area="Events" title="Create an event" description="Plan a ride or hike with a route drawn on a map, goals, co-hosts and who may see it." />,
});
