import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { readRuntimeConfig } from '../../../lib/runtime-config';
import { startGoogleSignIn } from '../google-oauth';

/**
 * "Continue with Google", under the form, shown only when the server has Google sign-in configured (it says so in
 * the page: lib/runtime-config.ts): sends the member to Google's consent page (google-oauth.ts).
 */
export function GoogleSignIn({ redirect }: { redirect?: string | undefined }) {
  const { googleClientId, googleAuthorizeUrl } = readRuntimeConfig();
  const [leaving, setLeaving] = useState(false);
  if (!googleClientId || !googleAuthorizeUrl) return null;
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs uppercase text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        busy={leaving}
        onClick={() => {
          setLeaving(true);
          void startGoogleSignIn({ authorizeUrl: googleAuthorizeUrl, clientId: googleClientId, redirect });
        }}
      >
        <GoogleLogo />
        Continue with Google
      </Button>
    </>
  );
}

/**
 * Google's "G" in Google's colours. Kept here, not in icons.tsx: a third party's logo, not one of our outline icons,
 * and the sign-in page (at its P1 budget) must not load icons.tsx for it.
 */
function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
