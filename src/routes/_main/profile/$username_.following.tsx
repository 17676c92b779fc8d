import { createFileRoute, redirect } from '@tanstack/react-router';
import { memberProfileQuery } from '../../../features/social/api';
import { MemberNotFound } from '../../../features/social/components/member-profile-page';
import { MemberFollowsPage } from '../../../features/social/components/member-follows-page';
import { loadOrNotFound } from '../../../lib/load-or-not-found';

export const Route = createFileRoute('/_main/profile/$username_/following')({
  beforeLoad: ({ context, params }) => {
    // Your own handle: your own list, with what only you can do there (remove a follower).
    if (context.session.getSnapshot().user?.handleName.toLowerCase() === params.username.toLowerCase()) throw redirect({ to: '/following' });
  },
  loader: ({ context: { queryClient }, params }) => loadOrNotFound(queryClient, memberProfileQuery(params.username)),
  component: function MemberFollowsRoute() {
    const { username } = Route.useParams();
    return <MemberFollowsPage handleName={username} kind="following" />;
  },
  notFoundComponent: function MemberMissing() {
    const { username } = Route.useParams();
    return <MemberNotFound handleName={username} />;
  },
});
