import { createFileRoute } from '@tanstack/react-router';
import { membersQuery } from '../../features/social/api';
import { MembersPage } from '../../features/social/components/members-page';

export const Route = createFileRoute('/_main/members')({
  loader: ({ context: { queryClient } }) => {
    // Started here so the first page comes with the page's code; the list shows its own loading and failure.
    void queryClient.prefetchInfiniteQuery(membersQuery({ search: '', sportId: undefined }));
  },
  component: MembersPage,
});
