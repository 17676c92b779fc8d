import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPanel } from '../../../../features/social/components/member-profile-tabs';

export const Route = createFileRoute('/_main/profile/$username/feeds')({
  component: () => <NotBuiltPanel title="Posts are not built yet." what="This member's posts and photos will be listed here." />,
});
