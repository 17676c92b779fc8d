import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/events/$eventId')({
  component: () => <NotBuiltYet area="Events" title="Event" description="The route, time, place and people going, with reactions and comments." />,
});
