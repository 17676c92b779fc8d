import { createFileRoute } from '@tanstack/react-router';
import { GearFormPage } from '../../../../features/gear/components/gear-form-page';

export const Route = createFileRoute('/_main/profile/gears/add')({
  component: () => <GearFormPage gearId={undefined} />,
});
