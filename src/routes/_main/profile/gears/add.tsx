import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/gears/add')({
  component: () => <NotBuiltYet area="Gear" title="Add gear" description="Add a bike or piece of kit with photos and specs." />,
});
