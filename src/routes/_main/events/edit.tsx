import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/events/edit')({
  component: () => <NotBuiltYet area="Events" title="Edit an event" description="Change the details, route or visibility of an event you organise." />,
});
