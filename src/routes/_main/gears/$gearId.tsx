import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/gears/$gearId')({
  component: () => <NotBuiltYet area="Gear" title="Gear" description="One bike or piece of kit with its photos, specs and notes." />,
});
