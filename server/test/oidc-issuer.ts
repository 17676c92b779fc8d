import { createHash, randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

/** Claims of a test ID token; a claim given as `undefined` is left out of the token. */
export type IdClaims = {
  aud?: string | string[];
  azp?: string;
  sub?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Seconds since the epoch. */
  exp?: number | undefined;
  iss?: string;
  nonce?: string;
};

function applyClaims(payload: Record<string, unknown>, claims: IdClaims) {
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined) delete payload[name];
    else payload[name] = value;
  }
}

/**
 * A real OpenID Connect issuer on 127.0.0.1 (discovery, JWKS, /authorize, /token), standing in for Google (check 22):
 * the server fetches its keys and verifies signatures exactly as it would Google's.
 */
export async function startOidcIssuer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The library names the issuer "localhost", which may resolve to ::1 where nothing listens; pin the address.
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;

  // The mock's own ID token for a code has only sub and aud; add the identity the test chose for that code.
  const claimsByCode = new Map<string, IdClaims>();
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: { body: { code?: string; client_id?: unknown } }) => {
    const claims = req.body.code === undefined ? undefined : claimsByCode.get(req.body.code);
    // Only the ID token carries the client as audience; the access token is left as the mock makes it.
    if (claims && token.payload.aud === req.body.client_id) {
      applyClaims(token.payload, { email_verified: true, given_name: 'Pat', family_name: 'Pedal', ...claims });
    }
  });

  /** A signed ID token; every claim not given gets a valid default for `clientId`. */
  async function mintIdToken(clientId: string, claims: IdClaims = {}) {
    return server.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        applyClaims(payload, {
          aud: clientId,
          sub: `google-${randomBytes(6).toString('hex')}`,
          email: `social-${randomBytes(6).toString('hex')}@example.com`,
          email_verified: true,
          given_name: 'Sam',
          family_name: 'Summit',
          ...claims,
        });
      },
    });
  }

  /**
   * The browser's half of the web flow: visit /authorize with a PKCE challenge and a nonce, and read the code from the
   * redirect. `claims` go into the ID token this code is later exchanged for (the issuer adds the nonce to it).
   */
  async function authorize(clientId: string, redirectUri: string, claims: IdClaims) {
    const codeVerifier = randomBytes(32).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: randomBytes(8).toString('hex'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      nonce,
    });
    const res = await fetch(`${url}/authorize?${query}`, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (!location) throw new Error(`/authorize did not redirect (HTTP ${res.status})`);
    const code = new URL(location).searchParams.get('code');
    if (!code) throw new Error(`/authorize redirected without a code: ${location}`);

    claimsByCode.set(code, claims);
    return { code, codeVerifier, nonce };
  }

  return { url, mintIdToken, authorize, stop: () => server.stop() };
}

export type OidcIssuer = Awaited<ReturnType<typeof startOidcIssuer>>;
