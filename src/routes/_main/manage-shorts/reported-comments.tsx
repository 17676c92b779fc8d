import { createFileRoute } from '@tanstack/react-router';
import { ReportedShortCommentsPage } from '../../../features/reports/components/my-reports-page';

export const Route = createFileRoute('/_main/manage-shorts/reported-comments')({
  component: ReportedShortCommentsPage,
});
