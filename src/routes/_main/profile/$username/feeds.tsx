import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/$username/feeds')({
  component: () => <NotBuiltYet area="Feeds" title="A member's posts" description="Everything this member has posted that you may see." />,
});
