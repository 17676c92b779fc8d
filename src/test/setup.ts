import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sessionStore } from '../lib/session-store';
import { server } from './msw-server';

// ky resolves '/api/...' against the page; jsdom's page is http://localhost:3000/.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // sonner keeps live toasts in one module-wide store and replays them into the next toaster: clear them so no
  // test can pass on another test's toast.
  await new Promise((resolve) => setTimeout(resolve, 0));
  toast.dismiss();
  cleanup();
  server.resetHandlers();
  sessionStore.clear();
  document.head.querySelectorAll('meta').forEach((m) => m.remove());
  localStorage.clear();
});
afterAll(() => server.close());

// jsdom has no matchMedia; the theme code asks it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
