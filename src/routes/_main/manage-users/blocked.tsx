import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/manage-users/blocked')({
  component: () => <NotBuiltYet area="Moderation" title="Blocked members" description="Members you have blocked, with unblock." />,
});
