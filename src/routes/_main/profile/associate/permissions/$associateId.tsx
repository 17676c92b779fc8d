import { createFileRoute, notFound } from '@tanstack/react-router';
import { associatePermissionsQuery } from '../../../../../features/associates/api';
import { AssociateNotFound } from '../../../../../features/associates/components/associate-not-found';
import { AssociatePermissionsPage } from '../../../../../features/associates/components/associate-permissions-page';
import { idFromSearch } from '../../../../../lib/id-search';

export const Route = createFileRoute('/_main/profile/associate/permissions/$associateId')({
  loader: async ({ context: { queryClient }, params }) => {
    const associateId = idFromSearch(params.associateId);
    if (associateId === undefined) throw notFound();
    // A prefetch only: a missing or foreign associate is the page's not-found state, decided where it renders.
    await queryClient.prefetchQuery(associatePermissionsQuery(associateId));
    return { associateId };
  },
  component: function AssociatePermissions() {
    return <AssociatePermissionsPage associateId={Route.useLoaderData().associateId} />;
  },
  notFoundComponent: AssociateNotFound,
});
