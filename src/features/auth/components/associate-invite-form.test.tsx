import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession, answerPost, fail, managedBy, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AssociateInviteForm } from './associate-invite-form';

const PASSWORD = 'Trail.Rider?2026';

async function renderForm(email?: string) {
  const user = userEvent.setup();
  const view = await renderWithProviders(<AssociateInviteForm email={email} />, { path: '/auth/associate-invite' });
  return { user, ...view };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, { otp = '4821', confirm = PASSWORD } = {}) {
  await user.type(screen.getByLabelText('Code from the e-mail'), otp);
  await user.type(screen.getByLabelText('New password'), PASSWORD);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

describe('AssociateInviteForm', () => {
  it('starts with the e-mail of the invitation link', async () => {
    await renderForm('sam@example.com');
    expect(screen.getByRole('heading', { name: 'Set up your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('sam@example.com');
    expect(screen.getByLabelText('Code from the e-mail')).toHaveValue('');
  });

  it('signs the associate in as a login does: the web device type, the session kept, then the feed', async () => {
    const session = aSession({ handleName: 'samrides', managedBy: managedBy('comment') });
    const bodies = answerPost('associate/accept', () => HttpResponse.json(ok(session, 'Welcome to Switchback!')));
    const { user } = await renderForm('Sam@Example.com');
    await fillAndSubmit(user);
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds');
    expect(bodies).toEqual([{ email: 'sam@example.com', otp: '4821', password: PASSWORD, deviceType: 1 }]);
    expect(localStorage.getItem('access_token')).toBe(session.token.access_token);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ handleName: 'samrides', managedBy: managedBy('comment') });
  });

  it('puts the server’s field errors under their fields and stays signed out', async () => {
    answerPost('associate/accept', () =>
      HttpResponse.json(fail(400, 'Check the form.', { otp: ['Wrong code. 4 tries left.'], password: ['This password is too common.'] }), { status: 400 }),
    );
    const { user } = await renderForm('sam@example.com');
    await fillAndSubmit(user, { otp: '0000' });
    await waitFor(() => expect(screen.getByLabelText('Code from the e-mail')).toHaveAccessibleDescription('Wrong code. 4 tries left.'));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('This password is too common.'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('shows a refusal (an account turned off) in a failure toast', async () => {
    answerPost('associate/accept', () => HttpResponse.json(fail(403, 'Your account is turned off by Lena Torres.'), { status: 403 }));
    const { user } = await renderForm('sam@example.com');
    await fillAndSubmit(user);
    expect(await screen.findByText('Your account is turned off by Lena Torres.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends nothing while the two passwords differ or the password breaks the rules', async () => {
    const bodies = answerPost('associate/accept', () => HttpResponse.json(ok(aSession())));
    const { user } = await renderForm('sam@example.com');
    await fillAndSubmit(user, { confirm: `${PASSWORD}x` });
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'short1!');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends a new code to the address in the field and counts the server’s cooldown down', async () => {
    const bodies = answerPost('associate/invitation/code', () =>
      HttpResponse.json(ok({ resendAfter: 75 }, 'If this address has an invitation, we sent it a new code.')),
    );
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Send me a new code' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(screen.getByLabelText('E-mail'), 'Sam@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a new code' }));
    expect(await screen.findByText('If this address has an invitation, we sent it a new code.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'sam@example.com' }]);
    expect(await screen.findByRole('button', { name: /^Send me a new code in 1:1[45]$/ })).toBeDisabled();
  });
});
