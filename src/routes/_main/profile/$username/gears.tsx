import { createFileRoute } from '@tanstack/react-router';
import { MemberGear } from '../../../../features/gear/components/member-gear';

// No loader, as the other tabs: the profile route loads the member, and the tab asks for their gear itself.
export const Route = createFileRoute('/_main/profile/$username/gears')({
  component: function MemberGearTab() {
    return <MemberGear handleName={Route.useParams().username} />;
  },
});
