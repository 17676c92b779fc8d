import { createFileRoute } from '@tanstack/react-router';
import { ModerationPage } from '../../../features/moderation/components/moderation-page';

export const Route = createFileRoute('/_main/moderation/')({
  component: ModerationPage,
});
