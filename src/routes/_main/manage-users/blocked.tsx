import { createFileRoute } from '@tanstack/react-router';
import { BlockedMembersPage } from '../../../features/social/components/moderation-list-page';

export const Route = createFileRoute('/_main/manage-users/blocked')({
  component: BlockedMembersPage,
});
