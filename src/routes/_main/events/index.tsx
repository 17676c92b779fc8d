import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/events/')({
  component: () => <NotBuiltYet area="Events" title="Events" description="Group rides, hikes and challenges near you: mark interested or going." />,
});
