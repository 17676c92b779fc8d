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

const FCP = 'first-contentful-paint';

/**
 * False until the page's first contentful paint. A lazy component rendered at once is requested during the first
 * render, before that paint, though the paint does not wait for it. Where the browser does not report paints, at once.
 */
function usePainted() {
  const [painted, setPainted] = useState(() => performance.getEntriesByName(FCP).length > 0 || !PerformanceObserver.supportedEntryTypes?.includes('paint'));
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new PerformanceObserver((list) => {
      // A task later, not in the paint's own: on a busy phone the button's chunks were otherwise asked for in the
      // same instant the paint is stamped with, and counted before it (e2e bundle-budget, P1).
      if (list.getEntriesByName(FCP).length > 0) timer = setTimeout(() => setPainted(true), 50);
    });
    // Buffered: a paint between the first render and now is delivered too.
    observer.observe({ type: 'paint', buffered: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
