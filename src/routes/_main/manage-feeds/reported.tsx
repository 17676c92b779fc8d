import { createFileRoute } from '@tanstack/react-router';
import { ReportedPostsPage } from '../../../features/reports/components/my-reports-page';

export const Route = createFileRoute('/_main/manage-feeds/reported')({
  component: ReportedPostsPage,
});
