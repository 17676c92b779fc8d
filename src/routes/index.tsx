import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/public-pages/components/landing-page';
import { PublicLayout } from '../features/public-pages/components/public-layout';

export const Route = createFileRoute('/')({
  component: function Landing() {
    return (
      <PublicLayout>
        <LandingPage />
      </PublicLayout>
    );
  },
});
