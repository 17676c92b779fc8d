import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../../components/not-built-yet';

export const Route = createFileRoute('/_main/profile/$username/')({
  component: () => <NotBuiltYet area="Social graph" title="A member's profile" description="Their cover, bio, sports and counts, with a follow button." />,
});
