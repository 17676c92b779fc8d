import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '../../../../features/public-pages/components/page-not-found';
import { MemberFollowsPage } from '../../../../features/social/components/member-follows-page';

// `/profile/$username/followers` and `/following`: one route for both, and no loader (the page loads the member),
// since every route and loader adds to the route tree that loads with the sign-in page (check P1). Your own handle
// here lists your own; your profile's counts lead to /followers and /following instead.
export const Route = createFileRoute('/_main/profile/$username_/$list')({
  component: function MemberFollowsRoute() {
    const { username, list } = Route.useParams();
    if (list !== 'followers' && list !== 'following') return <PageNotFound />;
    return <MemberFollowsPage handleName={username} kind={list} />;
  },
});
