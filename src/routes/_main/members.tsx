import { createFileRoute } from '@tanstack/react-router';
import { membersQuery } from '../../features/social/api';
import { MembersPage } from '../../features/social/components/members-page';

export const Route = createFileRoute('/_main/members')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchInfiniteQuery(membersQuery({ search: '', sportId: undefined })),
  component: MembersPage,
});
