import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '#contract/account';
import type { OwnProfile } from '#contract/user';
import { sessionStore } from '../../../lib/session-store';
import { aSession, answerPost, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { AccountActions } from './account-actions';

const TOKEN = aSession().token.access_token;
const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const FILENAME = 'switchback-export-mayatrails-2026-03-01.zip';

const anExport = (over: Partial<DataExport> = {}): DataExport => ({
  exportId: 41,
  status: 'pending',
  createdAt: '2026-03-01T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  bytes: null,
  ...over,
});
const ready = anExport({ status: 'ready', readyAt: '2026-03-01T10:01:00.000Z', expiresAt: '2026-03-08T10:01:00.000Z', bytes: 2_500_000 });

function signedIn(over: Partial<OwnProfile> = {}) {
  const session = aSession(over);
  sessionStore.signIn(session.token.access_token, session.user);
}

async function renderActions() {
  const user = userEvent.setup();
  const view = await renderWithProviders(<AccountActions exportPollMs={20} />, { path: '/profile/edit' });
  return { user, ...view };
}

/** What the browser is asked to save: the object URL's blob and the `<a download>` name. */
function captureSaves() {
  const saved: { blob: Blob; name: string; href: string }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost:3000/export-${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href)!, name: this.download, href: this.href });
  });
  return saved;
}

/** The export calls: start answers `started`; each status call answers the next of `statuses` (the last repeats). */
function exportServer(started: DataExport, statuses: DataExport[]) {
  const calls = { start: 0, status: 0, downloadAuth: [] as (string | null)[] };
  server.use(
    http.get('/api/account/export', () => {
      calls.start++;
      return HttpResponse.json(ok(started, 'We are preparing your data.'));
    }),
    http.get('/api/account/exports/:exportId', ({ params }) => {
      const next = statuses[Math.min(calls.status++, statuses.length - 1)]!;
      return params.exportId === String(next.exportId)
        ? HttpResponse.json(ok(next))
        : HttpResponse.json(fail(404, 'No such export.'), { status: 404 });
    }),
    http.get('/api/account/exports/:exportId/download', ({ request }) => {
      calls.downloadAuth.push(request.headers.get('authorization'));
      return new HttpResponse(ZIP_BYTES, {
        headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${FILENAME}"` },
      });
    }),
  );
  return calls;
}

beforeEach(() => signedIn());
afterEach(() => vi.useRealTimers());

describe('AccountActions: download my data', () => {
  it('starts the export, shows it is being prepared while polling, then saves the zip fetched with the token', async () => {
    const saved = captureSaves();
    const calls = exportServer(anExport(), [anExport(), anExport(), ready]);
    const { user } = await renderActions();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/Preparing your data/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeDisabled();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.start).toBe(1);
    expect(calls.status).toBeGreaterThanOrEqual(3);
    expect(calls.downloadAuth).toEqual([`Bearer ${TOKEN}`]);
    expect(saved[0]!.name).toBe(FILENAME);
    expect(saved[0]!.blob.size).toBe(ZIP_BYTES.length);
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(ZIP_BYTES);

    expect(await screen.findByText('Your data is ready. The download has started.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your data is ready (2.4 MB).');
    expect(screen.queryByText(/Preparing your data/)).not.toBeInTheDocument();

    // Polling stops once it is ready, and the zip can be saved again.
    const polled = calls.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.status).toBe(polled);
    await user.click(screen.getByRole('button', { name: 'Download again' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls.start).toBe(1);
  });

  it('says when the export failed and offers to try again', async () => {
    captureSaves();
    const calls = exportServer(anExport(), [anExport({ status: 'failed' })]);
    const { user } = await renderActions();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('We could not prepare your data. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.start).toBe(2));
  });

  it('shows the server message when no more exports may be started today', async () => {
    server.use(
      http.get('/api/account/export', () =>
        HttpResponse.json(fail(429, 'You can download your data 3 times a day. Try again in 5 hours.'), { status: 429, headers: { 'retry-after': '18000' } }),
      ),
    );
    const { user } = await renderActions();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('You can download your data 3 times a day. Try again in 5 hours.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});

describe('AccountActions: delete my account', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    return screen.findByRole('alertdialog', { name: 'Delete your account?' });
  }

  it('explains what is lost in an accessible dialog; Escape and Cancel close it and focus returns', async () => {
    const { user } = await renderActions();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/deleted at once and for good/);
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toHaveFocus();

    const again = await openDialog(user);
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks for the password before sending anything', async () => {
    const bodies = answerPost('account/delete', () => HttpResponse.json(ok({ deleted: true as const })));
    const { user } = await renderActions();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(await within(dialog).findByText('Enter your password')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('keeps a wrong password message under the field, then the right password deletes and signs out', async () => {
    let attempt = 0;
    const bodies = answerPost('account/delete', () =>
      attempt++ === 0
        ? HttpResponse.json(fail(400, 'Your account was not deleted: the password is incorrect.', { password: ['The password is incorrect.'] }), {
            status: 400,
          })
        : HttpResponse.json(ok({ deleted: true as const }, 'Your account is deleted.')),
    );
    const { user, ended } = await renderActions();
    const dialog = await openDialog(user);
    const field = within(dialog).getByLabelText('Password');

    await user.type(field, 'Wrong-pass1!');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('The password is incorrect.'));
    expect(field).toHaveValue('Wrong-pass1!');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(sessionStore.isSignedIn()).toBe(true);
    expect(ended).toEqual([]);

    await user.clear(field);
    await user.type(field, 'Trail-mix1!');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Your account is deleted. Thank you for riding with us.')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'Wrong-pass1!' }, { password: 'Trail-mix1!' }]);
    expect(ended).toEqual(['deleted']);
    expect(sessionStore.isSignedIn()).toBe(false);
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
  });

  it('for a member without a password, sends a code and deletes with it', async () => {
    sessionStore.clear();
    signedIn({ hasPassword: false, email: 'sam.rivera@gmail.com' });
    const codeCalls: string[] = [];
    server.use(
      http.post('/api/account/delete-code', async ({ request }) => {
        codeCalls.push(await request.text());
        return HttpResponse.json(ok({ otpSent: true as const }, 'We sent a 4-digit code to your e-mail.'));
      }),
    );
    let attempt = 0;
    const bodies = answerPost('account/delete', () =>
      attempt++ === 0
        ? HttpResponse.json(fail(400, 'Invalid OTP', { otp: ['Invalid OTP'] }), { status: 400 })
        : HttpResponse.json(ok({ deleted: true as const })),
    );
    const { user, ended } = await renderActions();
    const dialog = await openDialog(user);
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('sam.rivera@gmail.com');

    await user.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    const code = await within(dialog).findByLabelText('Code');
    expect(codeCalls).toEqual(['']);
    expect(within(dialog).getByText(/We sent a 4-digit code to your e-mail/)).toBeInTheDocument();

    await user.type(code, '1111');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid OTP'));
    expect(ended).toEqual([]);

    await user.clear(code);
    await user.type(code, '4821');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(ended).toEqual(['deleted']));
    expect(bodies).toEqual([{ otp: '1111' }, { otp: '4821' }]);
    expect(await screen.findByText('Your account is deleted. Thank you for riding with us.')).toBeInTheDocument();
  });
});
