import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_main/members')({
  component: () => <NotBuiltYet area="Social graph" title="Members" description="Find riders, hikers and runners by name, handle or sport, and follow them." />,
});
