import { lazy, Suspense } from 'react';
import { readRuntimeConfig } from '../../../lib/runtime-config';

// The button and its sign-in code load only where the server has Google sign-in configured: the sign-in page's first
// paint does without them (check P1).
const GoogleSignInButton = lazy(() => import('./google-sign-in-button').then((m) => ({ default: m.GoogleSignInButton })));

/** Shown only when the server has Google sign-in configured (it says so in the page: lib/runtime-config.ts). */
export function GoogleSignIn({ redirect }: { redirect?: string | undefined }) {
  const { googleClientId, googleAuthorizeUrl } = readRuntimeConfig();
  if (!googleClientId || !googleAuthorizeUrl) return null;
  return (
    <Suspense fallback={null}>
      <GoogleSignInButton redirect={redirect} clientId={googleClientId} authorizeUrl={googleAuthorizeUrl} />
    </Suspense>
  );
}
