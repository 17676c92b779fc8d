import { createFileRoute } from '@tanstack/react-router';
import { MutedMembersPage } from '../../../features/social/components/moderation-list-page';

export const Route = createFileRoute('/_main/manage-users/muted')({
  component: MutedMembersPage,
});
