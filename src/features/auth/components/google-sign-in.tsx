import { lazy, Suspense, useEffect, useState } from 'react';
import { readRuntimeConfig } from '../../../lib/runtime-config';

// The button and its sign-in code load only where the server has Google sign-in configured, and only once the page
// has painted: the sign-in page's first paint does without them (check P1).
const GoogleSignInButton = lazy(() => import('./google-sign-in-button').then((m) => ({ default: m.GoogleSignInButton })));

/** Shown only when the server has Google sign-in configured (it says so in the page: lib/runtime-config.ts). */
export function GoogleSignIn({ redirect }: { redirect?: string | undefined }) {
  const { googleClientId, googleAuthorizeUrl } = readRuntimeConfig();
  const painted = usePainted();
  if (!googleClientId || !googleAuthorizeUrl) return null;
  // The button's place (its "or" line and itself) is kept until it comes, so nothing under it moves when it does.
  const placeholder = <div aria-hidden="true" className="h-25" />;
  return painted ? (
    <Suspense fallback={placeholder}>
      <GoogleSignInButton redirect={redirect} clientId={googleClientId} authorizeUrl={googleAuthorizeUrl} />
    </Suspense>
  ) : (
    placeholder
  );
}

/**
 * False for the page's first half second. A lazy component rendered at once is requested during the first render,
 * before the first paint, though the paint does not wait for it; even a paint observer's callback asked for it in the
 * paint's own instant on a busy machine, where it counted as before the paint (e2e bundle-budget, P1). Half a second
 * is well past a sign-in page's first paint, and the button's place is kept meanwhile.
 */
function usePainted() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(setPainted, 500, true);
    return () => clearTimeout(timer);
  }, []);
  return painted;
}
