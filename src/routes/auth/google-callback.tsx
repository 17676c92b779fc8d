import { createFileRoute } from '@tanstack/react-router';
import { GoogleCallback, parseCallbackSearch } from '../../features/auth/components/google-callback';
import { rawSearch } from '../../lib/raw-search';
import { useDocumentTitle } from '../../lib/use-document-title';

export const Route = createFileRoute('/auth/google-callback')({
  validateSearch: rawSearch<'code' | 'state' | 'error'>(),
  component: function Callback() {
    useDocumentTitle('Signing in with Google');
    return <GoogleCallback {...parseCallbackSearch(Route.useSearch())} />;
  },
});
