import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { memberProfileQuery } from '../../../../features/social/api';
import { MemberNotFound, MemberProfilePage } from '../../../../features/social/components/member-profile-page';
import { loadOrNotFound } from '../../../../lib/load-or-not-found';

export const Route = createFileRoute('/_main/profile/$username')({
  beforeLoad: ({ context, params }) => {
    // The member's own handle: their own page, with what only they see.
    if (context.session.getSnapshot().user?.handleName.toLowerCase() === params.username.toLowerCase()) throw redirect({ to: '/profile' });
  },
  loader: ({ context: { queryClient }, params }) => loadOrNotFound(queryClient, memberProfileQuery(params.username)),
  component: function MemberProfileRoute() {
    const { username } = Route.useParams();
    return (
      <MemberProfilePage handleName={username}>
        <Outlet />
      </MemberProfilePage>
    );
  },
  notFoundComponent: function MemberMissing() {
    const { username } = Route.useParams();
    return <MemberNotFound handleName={username} />;
  },
});
