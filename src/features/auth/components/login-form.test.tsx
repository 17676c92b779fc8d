import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession, fail, ok, setRuntimeConfig } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

function noGoogle() {
  setRuntimeConfig({ googleClientId: null, googleAuthorizeUrl: null });
}

describe('LoginForm', () => {
  it('refuses an e-mail that breaks the spec rule, without calling the server', async () => {
    noGoogle();
    let called = false;
    server.use(http.post('/api/login', () => ((called = true), HttpResponse.json(ok(aSession())))));
    await renderWithProviders(<LoginForm />, { path: '/auth/login' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'maya@example.toolong');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('signs in: sends the web device type, keeps the token under the spec keys and goes to the feed', async () => {
    noGoogle();
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ok(aSession()));
      }),
    );
    await renderWithProviders(<LoginForm />, { path: '/auth/login' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'Maya@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Trail2024!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds');
    expect(body).toEqual({ email: 'maya@example.com', password: 'Trail2024!', deviceType: 1 });
    expect(localStorage.getItem('access_token')).toBe(aSession().token.access_token);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ handleName: 'mayatrails' });
  });

  it('returns to where the member was going', async () => {
    noGoogle();
    server.use(http.post('/api/login', () => HttpResponse.json(ok(aSession()))));
    await renderWithProviders(<LoginForm redirect="/events" />, { path: '/auth/login' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Trail2024!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/events');
  });

  it('shows the server message in a failure toast and keeps what was typed', async () => {
    noGoogle();
    server.use(http.post('/api/login', () => HttpResponse.json(fail(400, 'The e-mail or password is incorrect.'), { status: 400 })));
    await renderWithProviders(<LoginForm />, { path: '/auth/login' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('maya@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-pass1!');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('leads an invited associate to the page where the invitation code is entered', async () => {
    noGoogle();
    await renderWithProviders(<LoginForm />, { path: '/auth/login' });
    expect(screen.getByRole('link', { name: 'I have an invitation code' })).toHaveAttribute('href', '/auth/associate-invite');
  });

  it('shows the refusal of a turned-off associate (403), as of a suspended member, and stays signed out', async () => {
    noGoogle();
    const message = 'Your account is turned off by Lena Torres. Ask them to turn it on again.';
    server.use(http.post('/api/login', () => HttpResponse.json(fail(403, message), { status: 403 })));
    await renderWithProviders(<LoginForm />, { path: '/auth/login' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Trail2024!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('offers Google only when the server has it configured', async () => {
    setRuntimeConfig({ googleClientId: 'client-1', googleAuthorizeUrl: 'http://127.0.0.1:9/authorize' });
    await renderWithProviders(<LoginForm />, { path: '/auth/login' });
    expect(await screen.findByRole('button', { name: /Continue with Google/ })).toBeInTheDocument();
  });

  it('hides Google when it is not configured', async () => {
    noGoogle();
    await renderWithProviders(<LoginForm />, { path: '/auth/login' });
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument());
  });
});
