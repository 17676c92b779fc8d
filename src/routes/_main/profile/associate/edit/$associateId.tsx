import { createFileRoute, notFound } from '@tanstack/react-router';
import { associateProfileQuery } from '../../../../../features/associates/api';
import { AssociateFormPage } from '../../../../../features/associates/components/associate-form-page';
import { AssociateNotFound } from '../../../../../features/associates/components/associate-not-found';
import { idFromSearch } from '../../../../../lib/id-search';

export const Route = createFileRoute('/_main/profile/associate/edit/$associateId')({
  loader: async ({ context: { queryClient }, params }) => {
    const associateId = idFromSearch(params.associateId);
    if (associateId === undefined) throw notFound();
    // A prefetch only: a missing or foreign associate is the page's not-found state, decided where it renders.
    await queryClient.prefetchQuery(associateProfileQuery(associateId));
    return { associateId };
  },
  component: function EditAssociate() {
    return <AssociateFormPage associateId={Route.useLoaderData().associateId} />;
  },
  notFoundComponent: AssociateNotFound,
});
