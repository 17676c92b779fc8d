import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { badRequest } from '../../lib/errors';

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };

export type VerifiedIdentity = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
};

const REJECTED = 'We could not verify your Google sign-in. Please try again.';

/**
 * An OpenID Connect provider (Google, or a local test issuer). Every token is verified here, on the server:
 * signature against the issuer's keys, issuer, audience (and authorized party), a required expiry, the nonce of
 * the web flow and a verified e-mail (check 22).
 */
export class OidcProvider {
  private discovery: Promise<Discovery> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    readonly issuer: string,
    readonly clientId: string,
    private readonly clientSecret: string | undefined,
  ) {}

  private async meta(): Promise<Discovery> {
    this.discovery ??= fetch(new URL('.well-known/openid-configuration', this.issuer.endsWith('/') ? this.issuer : `${this.issuer}/`))
      .then(async (res) => {
        if (!res.ok) throw new Error(`OIDC discovery failed: HTTP ${res.status}`);
        return (await res.json()) as Discovery;
      })
      .catch((err: unknown) => {
        this.discovery = undefined; // try again on the next request
        throw err;
      });
    return this.discovery;
  }

  async authorizeUrl() {
    return (await this.meta()).authorization_endpoint;
  }

  /** Google signs with issuer `accounts.google.com` as well as its URL form. */
  private acceptedIssuers(meta: Discovery) {
    const list = new Set([meta.issuer, this.issuer]);
    if (meta.issuer === 'https://accounts.google.com') list.add('accounts.google.com');
    return [...list];
  }

  /** `nonce`: the one the browser sent to /authorize (web flow); the mobile apps' ID tokens come without one of ours. */
  async verifyIdToken(idToken: string, nonce?: string): Promise<VerifiedIdentity> {
    const meta = await this.meta();
    this.jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: this.acceptedIssuers(meta),
        audience: this.clientId,
        // jose checks `exp` only when present: a token without one would never expire.
        requiredClaims: ['exp', 'sub'],
      }));
    } catch {
      throw badRequest(REJECTED);
    }
    const claims = payload as JWTPayload & Record<string, unknown>;
    if (typeof claims.sub !== 'string' || !claims.sub) throw badRequest(REJECTED);
    // OIDC Core 3.1.3.7: with several audiences, the party the token was issued to (`azp`) must be us.
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== this.clientId) throw badRequest(REJECTED);
    if (nonce !== undefined && claims.nonce !== nonce) throw badRequest(REJECTED);
    if (typeof claims.email !== 'string' || claims.email_verified !== true) {
      throw badRequest('Your Google account has no verified e-mail address, so it cannot be used to sign in.');
    }
    const name = typeof claims.name === 'string' ? claims.name : '';
    const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    return {
      subject: claims.sub,
      email: claims.email.toLowerCase(),
      firstName: (str(claims.given_name) || name.split(' ')[0] || '').slice(0, 50),
      lastName: (str(claims.family_name) || name.split(' ').slice(1).join(' ')).slice(0, 50),
      picture: typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) ? claims.picture : null,
    };
  }

  /** The web flow: trade an authorization code (with its PKCE verifier) for an ID token, then verify it and its nonce. */
  async exchangeCode(code: string, codeVerifier: string, redirectUri: string, nonce: string): Promise<VerifiedIdentity> {
    const meta = await this.meta();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: this.clientId,
      code_verifier: codeVerifier,
    });
    if (this.clientSecret) form.set('client_secret', this.clientSecret);
    const res = await fetch(meta.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw badRequest(REJECTED);
    const body = (await res.json()) as { id_token?: unknown };
    if (typeof body.id_token !== 'string') throw badRequest(REJECTED);
    return this.verifyIdToken(body.id_token, nonce);
  }
}
