import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/public-pages/components/privacy-page';
import { PublicLayout } from '../features/public-pages/components/public-layout';

export const Route = createFileRoute('/app-privacy-policy')({
  component: function Privacy() {
    return (
      <PublicLayout title="Privacy policy">
        <PrivacyPage />
      </PublicLayout>
    );
  },
});
