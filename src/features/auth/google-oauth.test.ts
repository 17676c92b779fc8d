import { afterEach, describe, expect, it } from 'vitest';
import { googleAuthorizeUrl, takePendingGoogleSignIn } from './google-oauth';

afterEach(() => sessionStorage.clear());

const start = () => googleAuthorizeUrl({ authorizeUrl: 'https://accounts.example/o/authorize', clientId: 'client-1', redirect: '/events' });

describe('googleAuthorizeUrl', () => {
  it('asks for a code with PKCE, state and a fresh nonce that the callback gets back once', async () => {
    const url = new URL(await start());
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({ response_type: 'code', client_id: 'client-1', code_challenge_method: 'S256', scope: 'openid email profile' });
    expect(query.nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const pending = takePendingGoogleSignIn(query.state);
    expect(pending).toMatchObject({ nonce: query.nonce, redirect: '/events' });
    expect(takePendingGoogleSignIn(query.state)).toBeNull();
  });

  it('makes a new nonce for every sign-in', async () => {
    const first = new URL(await start()).searchParams.get('nonce');
    const second = new URL(await start()).searchParams.get('nonce');
    expect(first).not.toBe(second);
  });

  it('does not hand back a pending sign-in kept without a nonce', () => {
    sessionStorage.setItem('google_pkce', JSON.stringify({ state: 's1', codeVerifier: 'v'.repeat(64) }));
    expect(takePendingGoogleSignIn('s1')).toBeNull();
  });
});
