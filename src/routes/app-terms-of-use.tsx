import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/public-pages/components/terms-page';
import { PublicLayout } from '../features/public-pages/components/public-layout';

export const Route = createFileRoute('/app-terms-of-use')({
  component: function Terms() {
    return (
      <PublicLayout title="Terms of use">
        <TermsPage />
      </PublicLayout>
    );
  },
});
