import { createFileRoute } from '@tanstack/react-router';
import { ReportedShortsPage } from '../../../features/reports/components/my-reports-page';

export const Route = createFileRoute('/_main/manage-shorts/reported')({
  component: ReportedShortsPage,
});
