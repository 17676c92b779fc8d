import { createFileRoute } from '@tanstack/react-router';
import { ReportedMembersPage } from '../../../features/reports/components/my-reports-page';

export const Route = createFileRoute('/_main/manage-users/reported')({
  component: ReportedMembersPage,
});
