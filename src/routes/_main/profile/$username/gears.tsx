import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/$username/gears')({
  component: () => <NotBuiltYet area="Gear" title="A member's gear" description="The bikes, shoes and kit this member rides and hikes with." />,
});
