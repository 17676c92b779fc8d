import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/followers/requests')({
  component: () => <NotBuiltYet area="Social graph" title="Follow requests" description="Requests to follow your private profile, to accept or reject one by one." />,
});
