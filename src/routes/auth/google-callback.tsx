import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { GoogleCallback } from '../../features/auth/components/google-callback';

export const Route = createFileRoute('/auth/google-callback')({
  validateSearch: z.object({
    code: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
    state: z.catch(z.optional(z.string().check(z.maxLength(256))), undefined),
    error: z.catch(z.optional(z.string().check(z.maxLength(256))), undefined),
  }),
  component: function Callback() {
    return <GoogleCallback {...Route.useSearch()} />;
  },
});
