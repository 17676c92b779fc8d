import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SignedInDevice } from '#contract/account-security';
import { aProfile, answerPost, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember, storedUser } from '../../../test/session';
import { AccountSecurity } from './account-security';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const device = (over: Partial<SignedInDevice>): SignedInDevice => ({
  sessionId: 1,
  device: 'Chrome on Linux',
  deviceType: 1,
  createdAt: ago(48 * HOUR),
  lastUsedAt: ago(0),
  current: false,
  ...over,
});

/** `GET /api/account/sessions` answers `lists` in turn (the last repeats); signed-out ids are recorded. */
function devicesServer(...lists: SignedInDevice[][]) {
  const calls = { list: 0, deleted: [] as string[] };
  server.use(
    http.get('/api/account/sessions', () => HttpResponse.json(ok(lists[Math.min(calls.list++, lists.length - 1)]))),
    http.delete('/api/account/sessions/:id', ({ params }) => {
      calls.deleted.push(String(params.id));
      return HttpResponse.json(ok({ signedOut: 1 }, 'That device is signed out.'));
    }),
  );
  return calls;
}

async function renderSection(over: Parameters<typeof aProfile>[0] = {}) {
  const profile = signedInMember(over);
  const user = userEvent.setup();
  await renderWithProviders(<AccountSecurity />, { path: '/profile/edit' });
  return { user, profile };
}

describe('AccountSecurity: change password', () => {
  it('shows a wrong current password under its field and keeps what was typed', async () => {
    devicesServer([device({ current: true })]);
    const bodies = answerPost('account/password', () =>
      HttpResponse.json(fail(400, 'Your current password is incorrect.', { currentPassword: ['Your current password is incorrect.'] }), { status: 400 }),
    );
    const { user } = await renderSection();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Wrong-one1!');
    await user.type(within(dialog).getByLabelText('New password'), 'Trail.Rider?2026');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    const current = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('Your current password is incorrect.'));
    expect(current).toHaveValue('Wrong-one1!');
    expect(within(dialog).getByLabelText('New password')).toHaveValue('Trail.Rider?2026');
    expect(bodies).toEqual([{ currentPassword: 'Wrong-one1!', password: 'Trail.Rider?2026' }]);
  });

  it('refuses a new password without a digit before asking the server', async () => {
    devicesServer([device({ current: true })]);
    const bodies = answerPost('account/password', () => HttpResponse.json(ok({ signedOut: 0 })));
    const { user } = await renderSection();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Trail-mix1!');
    await user.type(within(dialog).getByLabelText('New password'), 'no-digits-here!');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Password must contain at least one digit')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('changes it, says the other devices are signed out, and lists the devices again', async () => {
    const calls = devicesServer([device({ current: true }), device({ sessionId: 2, device: 'Safari on iPhone' })], [device({ current: true })]);
    answerPost('account/password', () => HttpResponse.json(ok({ signedOut: 1 }, 'Your password is changed. Every other device is signed out.')));
    const { user } = await renderSection();
    expect(await screen.findByText('Safari on iPhone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Trail-mix1!');
    await user.type(within(dialog).getByLabelText('New password'), 'Trail.Rider?2026');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password is changed. Every other device is signed out.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls.list).toBe(2);
  });
});

describe('AccountSecurity: change e-mail', () => {
  it('sends a code to the new address, and only the code changes the e-mail shown and stored', async () => {
    devicesServer([device({ current: true })]);
    const codeBodies = answerPost('account/email/code', () => HttpResponse.json(ok({ otpSent: true }, 'We sent a 4-digit code to your new e-mail.')));
    const changeBodies = answerPost('account/email', () =>
      HttpResponse.json(ok(aProfile({ email: 'maya@trailmail.com' }), 'Your e-mail is changed.')),
    );
    const { user, profile } = await renderSection();
    expect(screen.getByText(profile.email)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change e-mail' });
    await user.type(within(dialog).getByLabelText('New e-mail'), 'Maya@TrailMail.com');
    await user.type(within(dialog).getByLabelText('Current password'), 'Trail-mix1!');
    await user.click(within(dialog).getByRole('button', { name: 'Send me a code' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('We sent a 4-digit code to maya@trailmail.com.');
    expect(codeBodies).toEqual([{ email: 'maya@trailmail.com', currentPassword: 'Trail-mix1!' }]);
    expect(storedUser().email).toBe(profile.email);

    await user.type(within(dialog).getByLabelText('Code'), '4321');
    await user.click(within(dialog).getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('Your e-mail is changed.')).toBeInTheDocument();
    expect(changeBodies).toEqual([{ email: 'maya@trailmail.com', otp: '4321' }]);
    expect(screen.getByText('maya@trailmail.com')).toBeInTheDocument();
    expect(storedUser().email).toBe('maya@trailmail.com');
  });

  it('shows a taken address under the field', async () => {
    devicesServer([device({ current: true })]);
    answerPost('account/email/code', () =>
      HttpResponse.json(fail(409, 'An account with this e-mail already exists.', { email: ['An account with this e-mail already exists.'] }), { status: 409 }),
    );
    const { user } = await renderSection();
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change e-mail' });
    await user.type(within(dialog).getByLabelText('New e-mail'), 'taken@example.com');
    await user.type(within(dialog).getByLabelText('Current password'), 'Trail-mix1!');
    await user.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(within(dialog).getByLabelText('New e-mail')).toHaveAccessibleDescription('An account with this e-mail already exists.'));
  });
});

describe('AccountSecurity: where you are signed in', () => {
  it('lists each device with its last use, marks this one, and signs out another after asking', async () => {
    const calls = devicesServer(
      [device({ sessionId: 7, current: true }), device({ sessionId: 9, device: 'Safari on iPhone', lastUsedAt: ago(3 * HOUR) })],
      [device({ sessionId: 7, current: true })],
    );
    const { user } = await renderSection();
    const list = await screen.findByRole('list', { name: 'Where you’re signed in' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Chrome on LinuxThis deviceSigned in 2 days ago · active now',
      'Safari on iPhoneSigned in 2 days ago · last active 3 hr. agoSign out',
    ]);
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out Safari on iPhone?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('That device is signed out.')).toBeInTheDocument();
    expect(calls.deleted).toEqual(['9']);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Where you’re signed in' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('signs out all other devices at once', async () => {
    devicesServer(
      [device({ sessionId: 7, current: true }), device({ sessionId: 8, device: 'Firefox on Windows' }), device({ sessionId: 9, device: 'Safari on iPhone' })],
      [device({ sessionId: 7, current: true })],
    );
    let asked = 0;
    server.use(
      http.post('/api/account/sessions/sign-out-others', () => {
        asked += 1;
        return HttpResponse.json(ok({ signedOut: 2 }, '2 other devices are signed out.'));
      }),
    );
    const { user } = await renderSection();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out all other devices?' });
    expect(confirm).toHaveTextContent('The 2 other devices will have to sign in again.');
    await user.click(within(confirm).getByRole('button', { name: 'Sign out all others' }));
    expect(await screen.findByText('2 other devices are signed out.')).toBeInTheDocument();
    expect(asked).toBe(1);
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).not.toBeInTheDocument());
  });
});
