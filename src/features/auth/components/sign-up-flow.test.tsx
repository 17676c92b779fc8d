import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { aSession, answerPost, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { SignUpFlow } from './sign-up-flow';

const TICKET = 'sign-up-ticket-42';
/** The server's answer to register: the next code may be asked for after `resendAfter` seconds. */
const registeredWith = (resendAfter: number) => () => HttpResponse.json(ok({ otpSent: true as const, resendAfter }, 'Code sent'));
const registered = registeredWith(30);
const verified = () => HttpResponse.json(ok({ verified: true as const, token: TICKET }));

/** A birth date `years` whole years ago today (1 January, so the birthday has always passed). */
const bornYearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

// The sign-up progress lives in the tab's sessionStorage: each test starts a fresh tab.
afterEach(() => sessionStorage.clear());

async function renderSignUp(referralCode?: string) {
  const user = userEvent.setup();
  const view = await renderWithProviders(<SignUpFlow referralCode={referralCode} />, { path: '/auth/sign-up' });
  return { user, ...view };
}

/** E-mail and code steps done; the profile form is on screen. */
async function reachDetails(referralCode?: string) {
  const registerBodies = answerPost('register', registered);
  const verifyBodies = answerPost('verify_otp', verified);
  const view = await renderSignUp(referralCode);
  await view.user.type(screen.getByLabelText('E-mail'), 'maya@example.com');
  await view.user.click(screen.getByRole('button', { name: 'Send me a code' }));
  await view.user.type(await screen.findByLabelText('Code'), '1234');
  await view.user.click(screen.getByRole('button', { name: 'Verify code' }));
  await screen.findByRole('heading', { name: 'Create your profile' });
  return { ...view, registerBodies, verifyBodies };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, over: Partial<Record<'password' | 'handle' | 'first' | 'last' | 'dob', string>> = {}) {
  const v = { password: 'Trail2024!', handle: 'mayatrails', first: 'Maya', last: 'Torres', dob: '1991-04-12', ...over };
  if (v.password) {
    await user.click(screen.getByLabelText('Password'));
    await user.paste(v.password);
  }
  if (v.handle) await user.type(screen.getByLabelText('Handle'), v.handle);
  if (v.first) await user.type(screen.getByLabelText('First name'), v.first);
  if (v.last) await user.type(screen.getByLabelText('Last name'), v.last);
  if (v.dob) await user.type(screen.getByLabelText('Date of birth'), v.dob);
  await user.click(screen.getByRole('radio', { name: 'Female' }));
}

describe('SignUpFlow — e-mail step', () => {
  it.each(['a@b.c', 'a b@c.com', 'x@y.abcde', 'maya@', 'maya.example.com'])('refuses %s with the spec message and sends nothing', async (bad) => {
    const bodies = answerPost('register', registered);
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('E-mail'), bad);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('asks for an e-mail when the field is empty', async () => {
    const bodies = answerPost('register', registered);
    const { user } = await renderSignUp();
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it.each([
    ['Maya.T+trail@Example.CO.uk', 'maya.t+trail@example.co.uk'],
    ['x_1%y-z@sub-domain.example.info', 'x_1%y-z@sub-domain.example.info'],
  ])('accepts %s and posts it lowercased to /api/register', async (typed, sent) => {
    const bodies = answerPost('register', registered);
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('E-mail'), typed);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(bodies).toEqual([{ email: sent }]);
    expect(screen.getByText(sent)).toBeInTheDocument();
    expect(await screen.findByText('We sent a 4-digit code to your e-mail.')).toBeInTheDocument();
  });

  it('sends the referral code of the invitation link along with the e-mail', async () => {
    const bodies = answerPost('register', registered);
    const { user } = await renderSignUp('FRIEND2024');
    expect(screen.getByText('A friend invited you. Welcome!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('heading', { name: 'Check your e-mail' });
    expect(bodies).toEqual([{ email: 'maya@example.com', referralCode: 'FRIEND2024' }]);
  });

  it('shows a server refusal under the e-mail and stays on the step', async () => {
    answerPost('register', () =>
      HttpResponse.json(fail(409, 'We could not send a code.', { email: ['An account with this e-mail already exists.'] }), { status: 409 }),
    );
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('E-mail'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('An account with this e-mail already exists.'));
    expect(await screen.findByText('We could not send a code.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join Switchback' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('maya@example.com');
  });
});

describe('SignUpFlow — code step', () => {
  async function reachCode() {
    const registerBodies = answerPost('register', registered);
    const view = await renderSignUp();
    await view.user.type(screen.getByLabelText('E-mail'), 'maya@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByLabelText('Code');
    return { ...view, registerBodies };
  }

  it('refuses a code of 3 characters with "Invalid OTP" and posts nothing', async () => {
    const { user } = await reachCode();
    const bodies = answerPost('verify_otp', verified);
    await user.type(screen.getByLabelText('Code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Invalid OTP');
    expect(bodies).toEqual([]);
  });

  it('refuses an empty code with "Invalid OTP"', async () => {
    const { user } = await reachCode();
    const bodies = answerPost('verify_otp', verified);
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('posts a 4-digit code as {otp, email, type: 1} and moves on to the profile', async () => {
    const { user } = await reachCode();
    const bodies = answerPost('verify_otp', verified);
    await user.type(screen.getByLabelText('Code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Create your profile' })).toBeInTheDocument();
    expect(bodies).toEqual([{ otp: '4821', email: 'maya@example.com', type: 1 }]);
  });

  it('counts down on "Send a new code" until the server lets another code go, then posts register again', async () => {
    const registerBodies = answerPost('register', registeredWith(2));
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('E-mail'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const waiting = await screen.findByRole('button', { name: /^Send a new code in 0:0[12]$/ });
    expect(waiting).toBeDisabled();
    const ready = await screen.findByRole('button', { name: 'Send a new code' }, { timeout: 3000 });
    expect(ready).toBeEnabled();

    const resendBodies = answerPost('register', registeredWith(60));
    await user.click(ready);
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    // The second wait is the server's, longer than the first.
    expect(await screen.findByRole('button', { name: /^Send a new code in (1:00|0:59)$/ })).toBeDisabled();
    expect(registerBodies).toEqual([{ email: 'maya@example.com' }]);
    expect(resendBodies).toEqual([{ email: 'maya@example.com' }]);
  });

  it('a re-send the server refuses shows its message and leaves the button ready', async () => {
    answerPost('register', registeredWith(0));
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('E-mail'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    server.use(http.post('/api/register', () => HttpResponse.json(fail(429, 'Please wait 12 seconds before asking for another code.'), { status: 429 })));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Please wait 12 seconds before asking for another code.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('tells a member who already has an account where to go, since sign-up answers alike', async () => {
    await reachCode();
    expect(screen.getByText(/Already have an account with this e-mail\? Then we sent you a note instead/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('shows a server 400 errors.otp under the code field and stays on the step', async () => {
    const { user } = await reachCode();
    answerPost('verify_otp', () =>
      HttpResponse.json(fail(400, 'Check the code.', { otp: ['That code is wrong or has expired.'] }), { status: 400 }),
    );
    await user.type(screen.getByLabelText('Code'), '0000');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('That code is wrong or has expired.'));
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
  });

  it('"Use another e-mail" goes back with the e-mail kept', async () => {
    const { user } = await reachCode();
    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    expect(await screen.findByLabelText('E-mail')).toHaveValue('maya@example.com');
  });
});

describe('SignUpFlow — a reload', () => {
  it('at the code step stays there, with the e-mail and what is left of the countdown, so the mailed code still works', async () => {
    const { unmount } = await reachCodeWith(registeredWith(45));
    unmount();

    const verifyBodies = answerPost('verify_otp', verified);
    const again = await renderSignUp();
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('maya@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Send a new code in 0:4[345]$/ })).toBeDisabled();
    await again.user.type(screen.getByLabelText('Code'), '4821');
    await again.user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Create your profile' })).toBeInTheDocument();
    expect(verifyBodies).toEqual([{ otp: '4821', email: 'maya@example.com', type: 1 }]);
  });

  it('at the profile step stays there with the ticket, and never keeps the password', async () => {
    const { user, unmount } = await reachDetails();
    await fillDetails(user);
    expect(sessionStorage.getItem('sign_up_progress')).not.toContain('Trail2024!');
    unmount();

    const again = await renderSignUp();
    expect(screen.getByRole('heading', { name: 'Create your profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fillDetails(again.user);
    await again.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/user-type');
    expect(bodies).toEqual([expect.objectContaining({ token: TICKET })]);
    // Done: a new visit starts a new sign-up.
    expect(sessionStorage.getItem('sign_up_progress')).toBeNull();
  });

  it('after the ticket has run out goes back to the e-mail step with the server’s message', async () => {
    const { user } = await reachDetails();
    answerPost('register/complete', () =>
      HttpResponse.json(fail(400, 'Your sign-up link has expired. Start again with your e-mail.', { token: ['Expired or unknown'] }), { status: 400 }),
    );
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your sign-up link has expired. Start again with your e-mail.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Join Switchback' })).toBeInTheDocument();
    expect(sessionStorage.getItem('sign_up_progress')).toBeNull();
  });

  it('starts afresh when nothing was kept, or what was kept is older than a sign-up ticket lives', async () => {
    sessionStorage.setItem('sign_up_progress', JSON.stringify({ step: 'code', email: 'old@example.com', resendAt: 0, savedAt: Date.now() - 31 * 60_000 }));
    await renderSignUp();
    expect(screen.getByRole('heading', { name: 'Join Switchback' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
  });
});

/** The code step reached with `reply` as the answer to register. */
async function reachCodeWith(reply: () => Response) {
  answerPost('register', reply);
  const view = await renderSignUp();
  await view.user.type(screen.getByLabelText('E-mail'), 'maya@example.com');
  await view.user.click(screen.getByRole('button', { name: 'Send me a code' }));
  await screen.findByLabelText('Code');
  return view;
}

describe('SignUpFlow — details step', () => {
  it.each([
    ['too short', 'Ab1!xyz', 'Password must be at least 8 characters'],
    ['without a digit', 'Abcdefgh!', 'Password must contain at least one digit'],
    // Issue 19: any character but a letter or digit is the symbol now (spec §5 named only !@#$%&*).
    ['without a symbol', 'Abcdefgh1', 'Password must contain at least one symbol (anything but a letter or digit)'],
    ['longer than 128 characters', `Aa1!${'x'.repeat(125)}`, 'Password must be at most 128 characters'],
  ])('refuses a password %s and posts nothing', async (_case, password, message) => {
    const { user } = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fillDetails(user, { password });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message));
    expect(bodies).toEqual([]);
  });

  it('accepts a password of exactly 8 characters with a digit and a special character', async () => {
    const { user } = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fillDetails(user, { password: 'abcdef1&' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ password: 'abcdef1&' });
  });

  it.each([
    ['ab', 'Handle must be at least 3 characters'],
    ['maya_trails', 'Handle may contain only letters and digits'],
    ['maya trails', 'Handle may contain only letters and digits'],
    ['m'.repeat(31), 'Handle must be at most 30 characters'],
  ])('refuses the handle "%s"', async (handle, message) => {
    const { user } = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fillDetails(user, { handle });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription(message));
    expect(bodies).toEqual([]);
  });

  it('refuses a member under 13', async () => {
    const { user } = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fillDetails(user, { dob: bornYearsAgo(12) });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('You must be at least 13 to join'));
    expect(bodies).toEqual([]);
  });

  it('lets a member of exactly 13 join', async () => {
    const { user } = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await fillDetails(user, { dob: bornYearsAgo(13) });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ dob: bornYearsAgo(13) });
  });

  it('asks for the names and the birth date when they are missing, not for the optional gender', async () => {
    const { user } = await reachDetails();
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession())));
    await user.click(screen.getByLabelText('Password'));
    await user.paste('Trail2024!');
    await user.type(screen.getByLabelText('Handle'), 'mayatrails');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name'));
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    // Issue 19: gender is optional, so its absence is not an error.
    expect(screen.getByRole('group', { name: 'Gender (optional)' })).not.toHaveAccessibleDescription();
    expect(bodies).toEqual([]);
  });

  it('creates the account: posts the ticket, deviceType 1 and the fields, signs in and goes to the user-type step', async () => {
    const { user, verifyBodies } = await reachDetails('FRIEND2024');
    expect(verifyBodies).toEqual([{ otp: '1234', email: 'maya@example.com', type: 1 }]);
    const bodies = answerPost('register/complete', () => HttpResponse.json(ok(aSession(), 'Welcome to Switchback, Maya!')));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/user-type');
    expect(bodies).toEqual([
      {
        token: TICKET,
        password: 'Trail2024!',
        handleName: 'mayatrails',
        firstName: 'Maya',
        lastName: 'Torres',
        dob: '1991-04-12',
        gender: 'female',
        referralCode: 'FRIEND2024',
        deviceType: 1,
      },
    ]);
    expect(localStorage.getItem('access_token')).toBe(aSession().token.access_token);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(aSession().user);
    expect(await screen.findByText('Welcome to Switchback, Maya!')).toBeInTheDocument();
  });

  it('a 409 on the handle shows under the handle and keeps every typed value', async () => {
    const { user } = await reachDetails();
    answerPost('register/complete', () =>
      HttpResponse.json(fail(409, 'Please pick another handle.', { handleName: ['This handle is taken.'] }), { status: 409 }),
    );
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription('This handle is taken.'));
    expect(await screen.findByText('Please pick another handle.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('Trail2024!');
    expect(screen.getByLabelText('Handle')).toHaveValue('mayatrails');
    expect(screen.getByLabelText('First name')).toHaveValue('Maya');
    expect(screen.getByLabelText('Last name')).toHaveValue('Torres');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1991-04-12');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
