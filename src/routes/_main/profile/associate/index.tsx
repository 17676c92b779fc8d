import { createFileRoute } from '@tanstack/react-router';
import { associateListQuery } from '../../../../features/associates/api';
import { AssociateList } from '../../../../features/associates/components/associate-list';

export const Route = createFileRoute('/_main/profile/associate/')({
  // A prefetch only: a list that cannot load is the page's own state, with a way to try again.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(associateListQuery),
  component: AssociateList,
});
