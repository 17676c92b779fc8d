import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/$username/shorts')({
  component: () => <NotBuiltYet area="Shorts" title="A member's shorts" description="The short vertical videos this member has posted." />,
});
