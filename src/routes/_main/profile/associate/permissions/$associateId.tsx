import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/associate/permissions/$associateId')({
  component: () => <NotBuiltYet area="Associates" title="Associate permissions" description="Grant or revoke what this associate may do, one permission at a time." />,
});
