import { createFileRoute } from '@tanstack/react-router';
import { ReportedCommentsPage } from '../../../features/reports/components/my-reports-page';

export const Route = createFileRoute('/_main/manage-feeds/reported-comments')({
  component: ReportedCommentsPage,
});
