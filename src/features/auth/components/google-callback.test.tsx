import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession, aSocialLoginState, answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { GoogleCallback } from './google-callback';

const STATE = 'state-abc123';
const VERIFIER = 'verifier-0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const CODE = 'google-auth-code-1';

const NONCE = 'nonce-abcdefghijklmnop123';

function pendingSignIn(redirect?: string) {
  sessionStorage.setItem('google_pkce', JSON.stringify({ state: STATE, codeVerifier: VERIFIER, nonce: NONCE, redirect }));
}

function serverAnswers(isUserExists: 1 | -1) {
  const check = answerPost('checkSocialLogin', () => HttpResponse.json(ok(aSocialLoginState({ isUserExists }))));
  const login = answerPost('social-login', () => HttpResponse.json(ok(aSession({ handleName: 'samrides' }))));
  return { check, login };
}

const renderCallback = (props: Parameters<typeof GoogleCallback>[0]) =>
  renderWithProviders(<GoogleCallback {...props} />, { path: '/auth/google-callback' });

describe('GoogleCallback', () => {
  it('sends the code with its PKCE verifier, nonce and redirect URI to /api/checkSocialLogin', async () => {
    pendingSignIn('/events');
    const { check } = serverAnswers(1);
    await renderCallback({ code: CODE, state: STATE });
    expect(screen.getByRole('alertdialog', { name: 'Signing you in with Google' })).toBeInTheDocument();
    await screen.findByTestId('location');
    expect(check).toEqual([
      { provider: 'google', code: CODE, codeVerifier: VERIFIER, nonce: NONCE, redirectUri: `${window.location.origin}/auth/google-callback` },
    ]);
    expect(sessionStorage.getItem('google_pkce')).toBeNull();
  });

  it('an existing member is signed in and lands where they were going', async () => {
    pendingSignIn('/events/12');
    const { login } = serverAnswers(1);
    await renderCallback({ code: CODE, state: STATE });
    expect(await screen.findByTestId('location')).toHaveTextContent('/events/12');
    expect(login).toEqual([{ socialToken: aSocialLoginState().socialToken, deviceType: 1 }]);
    expect(localStorage.getItem('access_token')).toBe(aSession().token.access_token);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ handleName: 'samrides' });
  });

  it('an existing member with nowhere to return to lands on /feeds', async () => {
    pendingSignIn();
    serverAnswers(1);
    await renderCallback({ code: CODE, state: STATE });
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds');
  });

  it('never follows a redirect off the site', async () => {
    pendingSignIn('//evil.example/phish');
    serverAnswers(1);
    await renderCallback({ code: CODE, state: STATE });
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds');
  });

  it('a new member (-1) is not signed in: the state is kept for the tab and complete-profile opens', async () => {
    pendingSignIn('/events');
    const { login } = serverAnswers(-1);
    await renderCallback({ code: CODE, state: STATE });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/complete-profile');
    expect(JSON.parse(sessionStorage.getItem('social_login')!)).toEqual(aSocialLoginState({ isUserExists: -1 }));
    expect(login).toEqual([]);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('a state that does not match posts nothing, says so and goes back to sign-in', async () => {
    pendingSignIn('/events');
    const { check, login } = serverAnswers(1);
    await renderCallback({ code: CODE, state: 'forged-state' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(await screen.findByText('Failed to fetch user info')).toBeInTheDocument();
    expect(check).toEqual([]);
    expect(login).toEqual([]);
    expect(sessionStorage.getItem('google_pkce')).toBeNull();
  });

  it('a callback with no pending sign-in in this tab posts nothing', async () => {
    const { check } = serverAnswers(1);
    await renderCallback({ code: CODE, state: STATE });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(await screen.findByText('Failed to fetch user info')).toBeInTheDocument();
    expect(check).toEqual([]);
  });

  it('a cancelled Google consent says so and goes back to sign-in', async () => {
    pendingSignIn();
    const { check } = serverAnswers(1);
    await renderCallback({ state: STATE, error: 'access_denied' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();
    expect(check).toEqual([]);
  });

  it('a refused code shows the server message and goes back to sign-in', async () => {
    pendingSignIn();
    answerPost('checkSocialLogin', () => HttpResponse.json(fail(400, 'Google could not confirm this sign-in.'), { status: 400 }));
    await renderCallback({ code: CODE, state: STATE });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(await screen.findByText('Google could not confirm this sign-in.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
