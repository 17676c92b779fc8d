import { createFileRoute } from '@tanstack/react-router';
import { associateListQuery } from '../../../../features/associates/api';
import { AssociateFormPage } from '../../../../features/associates/components/associate-form-page';

export const Route = createFileRoute('/_main/profile/associate/add')({
  // The list says whether another associate is allowed; the form shows without waiting for it.
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(associateListQuery),
  component: () => <AssociateFormPage associateId={undefined} />,
});
