import { createFileRoute } from '@tanstack/react-router';
import { MemberShorts } from '../../../../features/feeds/shorts/components/member-shorts';

export const Route = createFileRoute('/_main/profile/$username/shorts')({
  component: function MemberShortsTab() {
    return <MemberShorts handleName={Route.useParams().username} />;
  },
});
