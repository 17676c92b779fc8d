import type { ReactNode } from 'react';
import { FeedComposer } from './feed-composer';
import { FeedFormProvider } from './feed-form-context';

/**
 * The feed form (spec §3) for one feed page: its context and the composer dialog any part of the page can open.
 * Each `/feeds/*` page mounts its own rather than a shared layout route: a layout route's definition would load with
 * every first page (check P1), and a half-written post is not carried from one page to another anyway.
 */
export function FeedFormScope({ children }: { children: ReactNode }) {
  return (
    <FeedFormProvider>
      {children}
      <FeedComposer />
    </FeedFormProvider>
  );
}
