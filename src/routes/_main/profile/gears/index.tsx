import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/gears/')({
  component: () => <NotBuiltYet area="Gear" title="Your gear" description="Your bikes, shoes and kit, drafts included." />,
});
