import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/associate/add')({
  component: () => <NotBuiltYet area="Associates" title="Add an associate" description="Invite someone you are responsible for and choose their permissions." />,
});
