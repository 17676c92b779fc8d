import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPanel } from '../../../../features/profile/components/profile-tabs';

export const Route = createFileRoute('/_main/profile/$username/shorts')({
  component: () => <NotBuiltPanel title="Shorts are not built yet." what="The short vertical videos this member has posted will be listed here." />,
});
