import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordFlow } from './forgot-password-flow';

const PASSWORD_UPDATED = 'Your password is updated successfully, try signing in with new password.';

/**
 * Answers each forgot_password call with the next token, as the server issues a fresh one per request, and lets the
 * next code be asked for at once (the cooldown has a test of its own).
 */
function forgotPasswordIssues(...tokens: string[]) {
  let n = 0;
  return answerPost('forgot_password', () =>
    HttpResponse.json(ok({ token: tokens[Math.min(n++, tokens.length - 1)]!, resendAfter: 0 }, 'Check your inbox for a code.')),
  );
}

async function renderFlow() {
  const user = userEvent.setup();
  const view = await renderWithProviders(<ForgotPasswordFlow />, { path: '/auth/forgot-password' });
  return { user, ...view };
}

async function reachCode(user: ReturnType<typeof userEvent.setup>, email = 'maya@example.com') {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Send me a code' }));
  await screen.findByLabelText('Code');
}

async function reachNewPassword(user: ReturnType<typeof userEvent.setup>) {
  answerPost('verify_otp', () => HttpResponse.json(ok({ verified: true as const })));
  await reachCode(user);
  await user.type(screen.getByLabelText('Code'), '5678');
  await user.click(screen.getByRole('button', { name: 'Verify code' }));
  await screen.findByRole('heading', { name: 'Choose a new password' });
}

describe('ForgotPasswordFlow', () => {
  it('refuses an e-mail that breaks the spec rule and sends nothing', async () => {
    const bodies = forgotPasswordIssues('reset-1');
    const { user } = await renderFlow();
    await user.type(screen.getByLabelText('E-mail'), 'maya@example.abcde');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends the lowercased e-mail to /api/forgot_password and shows the server message', async () => {
    const bodies = forgotPasswordIssues('reset-1');
    const { user } = await renderFlow();
    await reachCode(user, 'Maya@Example.com');
    expect(bodies).toEqual([{ email: 'maya@example.com' }]);
    expect(await screen.findByText('Check your inbox for a code.')).toBeInTheDocument();
    expect(screen.getByText('maya@example.com')).toBeInTheDocument();
  });

  it('an unknown e-mail shows the server message and stays on the e-mail step', async () => {
    answerPost('forgot_password', () => HttpResponse.json(fail(404, 'No account uses this e-mail.'), { status: 404 }));
    const { user } = await renderFlow();
    await user.type(screen.getByLabelText('E-mail'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('No account uses this e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('the code step refuses a 3-character code with "Invalid OTP"', async () => {
    forgotPasswordIssues('reset-1');
    const verifyBodies = answerPost('verify_otp', () => HttpResponse.json(ok({ verified: true as const })));
    const { user } = await renderFlow();
    await reachCode(user);
    await user.type(screen.getByLabelText('Code'), '567');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(verifyBodies).toEqual([]);
  });

  it('the code step posts {otp, email, type: 2, token} with the token forgot_password returned', async () => {
    forgotPasswordIssues('reset-token-1');
    const verifyBodies = answerPost('verify_otp', () => HttpResponse.json(ok({ verified: true as const })));
    const { user } = await renderFlow();
    await reachCode(user);
    await user.type(screen.getByLabelText('Code'), '5678');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(verifyBodies).toEqual([{ otp: '5678', email: 'maya@example.com', type: 2, token: 'reset-token-1' }]);
  });

  it('after "Send a new code" the code is checked against the newest token', async () => {
    const forgotBodies = forgotPasswordIssues('reset-token-1', 'reset-token-2');
    const verifyBodies = answerPost('verify_otp', () => HttpResponse.json(ok({ verified: true as const })));
    const { user } = await renderFlow();
    await reachCode(user);
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    expect(forgotBodies).toEqual([{ email: 'maya@example.com' }, { email: 'maya@example.com' }]);
    await user.type(screen.getByLabelText('Code'), '9012');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(verifyBodies).toEqual([{ otp: '9012', email: 'maya@example.com', type: 2, token: 'reset-token-2' }]);
  });

  it('counts the server’s cooldown down on "Send a new code"', async () => {
    answerPost('forgot_password', () => HttpResponse.json(ok({ token: 'reset-1', resendAfter: 75 }, 'Check your inbox for a code.')));
    const { user } = await renderFlow();
    await reachCode(user);
    expect(await screen.findByRole('button', { name: /^Send a new code in 1:1[45]$/ })).toBeDisabled();
  });

  it('a wrong code shows the server message under the code field', async () => {
    forgotPasswordIssues('reset-1');
    answerPost('verify_otp', () => HttpResponse.json(fail(400, 'Check the code.', { otp: ['That code is wrong or has expired.'] }), { status: 400 }));
    const { user } = await renderFlow();
    await reachCode(user);
    await user.type(screen.getByLabelText('Code'), '0000');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('That code is wrong or has expired.'));
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it.each([
    ['too short', 'Ab1!', 'Password must be at least 8 characters'],
    ['without a digit', 'Abcdefgh!', 'Password must contain at least one digit'],
    // Issue 19: any character but a letter or digit is the symbol now (spec §5 named only !@#$%&*).
    ['without a symbol', 'Abcdefgh1', 'Password must contain at least one symbol (anything but a letter or digit)'],
    ['longer than 128 characters', `Aa1!${'x'.repeat(125)}`, 'Password must be at most 128 characters'],
  ])('the new password step refuses a password %s', async (_case, password, message) => {
    forgotPasswordIssues('reset-1');
    const resetBodies = answerPost('reset_password', () => HttpResponse.json(ok({ passwordCreated: true as const })));
    const { user } = await renderFlow();
    await reachNewPassword(user);
    await user.click(screen.getByLabelText('New password'));
    await user.paste(password);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(message));
    expect(resetBodies).toEqual([]);
  });

  it('saves the new password with {email, password, token}, says so and goes to sign-in', async () => {
    forgotPasswordIssues('reset-token-1');
    const resetBodies = answerPost('reset_password', () => HttpResponse.json(ok({ passwordCreated: true as const })));
    const { user } = await renderFlow();
    await reachNewPassword(user);
    await user.type(screen.getByLabelText('New password'), 'NewTrail9#');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(resetBodies).toEqual([{ email: 'maya@example.com', password: 'NewTrail9#', token: 'reset-token-1' }]);
    expect(await screen.findByText(PASSWORD_UPDATED)).toBeInTheDocument();
  });

  it('a refused reset keeps the member on the step, with the reason and the typed password', async () => {
    forgotPasswordIssues('reset-1');
    answerPost('reset_password', () =>
      HttpResponse.json(fail(400, 'Choose another password.', { password: ['Use a password you have not used before.'] }), { status: 400 }),
    );
    const { user } = await renderFlow();
    await reachNewPassword(user);
    await user.type(screen.getByLabelText('New password'), 'NewTrail9#');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Use a password you have not used before.'));
    expect(screen.getByLabelText('New password')).toHaveValue('NewTrail9#');
    expect(screen.queryByText(PASSWORD_UPDATED)).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
