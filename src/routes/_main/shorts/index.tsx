import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/shorts/')({
  component: () => <NotBuiltYet area="Shorts" title="Shorts" description="Short vertical videos from rides, hikes and runs." />,
});
