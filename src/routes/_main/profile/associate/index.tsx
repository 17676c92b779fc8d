import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/associate/')({
  component: () => <NotBuiltYet area="Associates" title="Associates" description="Sub-accounts you manage, such as your children or team, and what each may do." />,
});
