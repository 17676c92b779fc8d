import { createFileRoute } from '@tanstack/react-router';
import { PrivacyZonesPage } from '../../../features/activities/privacy/privacy-zones-page';

// No loader: the page asks for its settings itself. A split loader adds its stub to the route tree, which loads with
// every first page, and that budget has no room left (bench:bundle, check P1).
export const Route = createFileRoute('/_main/profile/privacy-zones')({
  component: PrivacyZonesPage,
});
