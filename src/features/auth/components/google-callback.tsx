import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ModalLoader } from '../../../components/ui/modal-loader';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useCheckSocialLogin, useSocialLogin } from '../api';
import { googleRedirectUri, takePendingGoogleSignIn } from '../google-oauth';
import { safeRedirect } from '../safe-redirect';
import { useSessionActions } from '../session-context';
import { saveSocialLoginState } from '../social-login-state';

/** Where Google sends the browser back: the server verifies the code, then we sign in or complete the profile. */
/** What Google's redirect put in the address; anything not a string of sane length is treated as absent. */
export function parseCallbackSearch(raw: { code?: unknown; state?: unknown; error?: unknown }) {
  const text = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : undefined);
  return { code: text(raw.code, 2048), state: text(raw.state, 256), error: text(raw.error, 256) };
}

export function GoogleCallback({ code, state, error }: { code?: string | undefined; state?: string | undefined; error?: string | undefined }) {
  const check = useCheckSocialLogin();
  const socialLogin = useSocialLogin();
  const { signIn } = useSessionActions();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once only: the code is single-use, and StrictMode runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const pending = takePendingGoogleSignIn(state);
    const fail = (message: string) => {
      toast.failure(message);
      void navigate({ to: '/auth/login', replace: true });
    };
    if (error || !code || !pending) {
      fail(error === 'access_denied' ? 'Google sign-in was cancelled.' : messages.auth.socialUserInfoFailed);
      return;
    }
    void (async () => {
      try {
        const { data } = await check.mutateAsync({
          provider: 'google',
          code,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
          redirectUri: googleRedirectUri(),
        });
        if (data.isUserExists === 1) {
          const { data: session } = await socialLogin.mutateAsync({ socialToken: data.socialToken });
          signIn(session);
          await navigate({ to: safeRedirect(pending.redirect), replace: true });
        } else {
          saveSocialLoginState(data);
          await navigate({ to: '/auth/complete-profile', replace: true });
        }
      } catch {
        // The failure toast came from the query client; only the way back is left.
        await navigate({ to: '/auth/login', replace: true });
      }
    })();
  }, [check, code, error, navigate, signIn, socialLogin, state]);

  return <ModalLoader label="Signing you in with Google" />;
}
