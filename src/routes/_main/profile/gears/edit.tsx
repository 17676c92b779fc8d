import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/gears/edit')({
  component: () => <NotBuiltYet area="Gear" title="Edit gear" description="Change the details of a piece of your gear." />,
});
