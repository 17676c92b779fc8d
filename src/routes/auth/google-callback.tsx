import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { GoogleCallback } from '../../features/auth/components/google-callback';

export const Route = createFileRoute('/auth/google-callback')({
  validateSearch: z.object({
    code: z.string().max(2048).optional().catch(undefined),
    state: z.string().max(256).optional().catch(undefined),
    error: z.string().max(256).optional().catch(undefined),
  }),
  component: function Callback() {
    return <GoogleCallback {...Route.useSearch()} />;
  },
});
