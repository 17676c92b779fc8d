import { createFileRoute } from '@tanstack/react-router';
import { MemberFeeds } from '../../../../features/feeds/components/member-feeds';

export const Route = createFileRoute('/_main/profile/$username/')({
  component: function MemberPosts() {
    return <MemberFeeds handleName={Route.useParams().username} />;
  },
});
