import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPanel } from '../../../../features/profile/components/profile-tabs';

export const Route = createFileRoute('/_main/profile/$username/gears')({
  component: () => <NotBuiltPanel title="Gear is not built yet." what="The bikes, shoes and kit this member rides and hikes with will be listed here." />,
});
