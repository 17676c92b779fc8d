import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

type PendingGoogleSignIn = { state: string; codeVerifier: string; nonce: string; redirect: string | undefined };

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const randomString = (bytes: number) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

export const googleRedirectUri = () => `${window.location.origin}/auth/google-callback`;

type GoogleSignInOptions = { authorizeUrl: string; clientId: string; redirect: string | undefined };

/**
 * Sends the browser to the provider with PKCE and a nonce: the server later trades the code for an ID token and
 * verifies it, its nonce included (so a token minted for another sign-in is refused), so nothing the browser says
 * about who the user is gets trusted.
 */
export async function startGoogleSignIn(opts: GoogleSignInOptions) {
  window.location.assign(await googleAuthorizeUrl(opts));
}

/** The provider's authorize URL for a new sign-in, whose state, PKCE verifier and nonce this tab keeps. */
export async function googleAuthorizeUrl(opts: GoogleSignInOptions) {
  const codeVerifier = randomString(48);
  const state = randomString(24);
  const nonce = randomString(24);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  writeJson(STORAGE_KEYS.pkce, { state, codeVerifier, nonce, redirect: opts.redirect } satisfies PendingGoogleSignIn, sessionStorage);
  const url = new URL(opts.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: opts.clientId,
    redirect_uri: googleRedirectUri(),
    scope: 'openid email profile',
    state,
    code_challenge: base64url(new Uint8Array(digest)),
    code_challenge_method: 'S256',
    nonce,
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

/** The pending sign-in this callback belongs to, once: a replayed or forged callback finds nothing. */
export function takePendingGoogleSignIn(state: string | undefined): PendingGoogleSignIn | null {
  const pending = readJson<PendingGoogleSignIn>(STORAGE_KEYS.pkce, sessionStorage);
  sessionStorage.removeItem(STORAGE_KEYS.pkce);
  return pending && state && pending.state === state && typeof pending.nonce === 'string' ? pending : null;
}
