import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/public-pages/components/about-page';
import { PublicLayout } from '../features/public-pages/components/public-layout';

export const Route = createFileRoute('/about-us')({
  component: function About() {
    return (
      <PublicLayout title="About us">
        <AboutPage />
      </PublicLayout>
    );
  },
});
