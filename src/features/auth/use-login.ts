import { useMutation } from '@tanstack/react-query';

// The sign-in page paints without the HTTP client and the auth API (check P1): they load when the member first
// focuses the form (preloadLogin), and a submit before that waits for them. A lazy import, not a timer, so the
// budget holds however slowly the page paints.
const loadAuthApi = () => import('./api');

export const preloadLogin = () => void loadAuthApi();

export const useLogin = () =>
  useMutation({
    mutationFn: async (body: { email: string; password: string }) => (await loadAuthApi()).login(body),
  });
