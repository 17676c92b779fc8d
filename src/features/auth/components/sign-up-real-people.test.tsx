import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { aSession, answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SignUpFlow } from './sign-up-flow';

// Issue 19 items 4 and 7: the sign-up form takes any symbol in a password, and gender is optional with four answers.

afterEach(() => sessionStorage.clear());

async function reachDetails() {
  answerPost('register', () => HttpResponse.json(ok({ otpSent: true as const, resendAfter: 30 })));
  answerPost('verify_otp', () => HttpResponse.json(ok({ verified: true as const, token: 'ticket-7' })));
  const user = userEvent.setup();
  await renderWithProviders(<SignUpFlow />, { path: '/auth/sign-up' });
  await user.type(screen.getByLabelText('E-mail'), 'ines@example.com');
  await user.click(screen.getByRole('button', { name: 'Send me a code' }));
  await user.type(await screen.findByLabelText('Code'), '1234');
  await user.click(screen.getByRole('button', { name: 'Verify code' }));
  await screen.findByRole('heading', { name: 'Create your profile' });
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.type(screen.getByLabelText('Handle'), 'inesberg');
  await user.type(screen.getByLabelText('First name'), 'Ines');
  await user.type(screen.getByLabelText('Last name'), 'Berg');
  await user.type(screen.getByLabelText('Date of birth'), '1991-03-04');
}

describe('sign-up for real people', () => {
  it('takes Trail.Rider?2026 and no gender: the body has the password and no gender', async () => {
    const user = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fill(user, 'Trail.Rider?2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ password: 'Trail.Rider?2026', handleName: 'inesberg' });
    expect(bodies[0]).not.toHaveProperty('gender');
  });

  it('offers four genders and sends non_binary for Non-binary', async () => {
    const user = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    const radios = screen.getAllByRole('radio').map((r) => r.getAttribute('value'));
    expect(radios).toEqual(['male', 'female', 'non_binary', 'prefer_not_to_say']);
    expect(screen.getByRole('radio', { name: 'Prefer not to say' })).not.toBeChecked();
    await fill(user, 'Trail.Rider?2026');
    await user.click(screen.getByRole('radio', { name: 'Non-binary' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ gender: 'non_binary' });
  });

  it('says what a symbol is when a password has none, and sends nothing', async () => {
    const user = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fill(user, 'TrailRider2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Password must contain at least one symbol (anything but a letter or digit)',
      ),
    );
    expect(bodies).toEqual([]);
  });

  it('puts the server’s refusal of a breached password under the password and keeps what was typed', async () => {
    const user = await reachDetails();
    const message = 'This password is on a list of passwords leaked or guessed most often. Choose one that is harder to guess.';
    answerPost('register/complete', () => HttpResponse.json(fail(400, message, { password: [message] }), { status: 400 }));
    await fill(user, 'P@ssw0rd');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText('Handle')).toHaveValue('inesberg');
  });
});
