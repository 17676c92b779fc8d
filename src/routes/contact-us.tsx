import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/public-pages/components/contact-page';
import { PublicLayout } from '../features/public-pages/components/public-layout';

export const Route = createFileRoute('/contact-us')({
  component: function Contact() {
    return (
      <PublicLayout title="Contact us">
        <ContactPage />
      </PublicLayout>
    );
  },
});
