import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { someSettings } from '../test-helpers';
import { NotificationSettingsPage } from './notification-settings-page';

async function renderPage(settings = someSettings()) {
  signedInMember();
  server.use(http.get('/api/notification-setting', () => HttpResponse.json(ok(settings))));
  const user = userEvent.setup();
  const view = await renderWithProviders(<NotificationSettingsPage />, { path: '/notifications/settings' });
  await screen.findByRole('table');
  return { user, ...view };
}

describe('NotificationSettingsPage', () => {
  it('shows every kind with a labelled switch per channel, as the server has them', async () => {
    await renderPage(someSettings({ likes: { email: false } }));
    const rows = within(screen.getByRole('table')).getAllByRole('rowheader');
    expect(rows.map((r) => r.querySelector('span')?.textContent)).toEqual([
      'New follower',
      'Follow request',
      'Request accepted',
      'Likes',
      'Comments',
      'Mentions',
      'Events',
      'Associates',
      'Moderation',
      'Gear service',
      'Live activities',
    ]);
    expect(screen.getByText('Someone asks to follow your private profile.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'E-mail for Likes' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'In-app for Likes' })).toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(22);
  });

  it('saves a switch the moment it moves, sending that kind with both channels', async () => {
    const { user } = await renderPage(someSettings({ new_follower: { email: false } }));
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/notification-setting', async ({ request }) => {
        bodies.push(await request.json());
        await held.opened;
        return HttpResponse.json(ok(someSettings({ new_follower: { inApp: false, email: false } })));
      }),
    );
    const inApp = screen.getByRole('switch', { name: 'In-app for New follower' });
    await user.click(inApp);
    // Shown at once, before the server answers.
    expect(inApp).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    held.open();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    expect(bodies).toEqual([{ settings: [{ kind: 'new_follower', inApp: false, email: false }] }]);
    expect(inApp).not.toBeChecked();
  });

  it('moves a refused switch back and says why', async () => {
    const { user } = await renderPage();
    const bodies = answerPost('notification-setting', () => HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }));
    const email = screen.getByRole('switch', { name: 'E-mail for Comments' });
    await user.click(email);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(email).toBeChecked());
    expect(bodies).toEqual([{ settings: [{ kind: 'comments', inApp: true, email: false }] }]);
    expect(screen.getByRole('status')).toHaveTextContent('Not saved');
  });

  it('offers to try again when the settings cannot load', async () => {
    signedInMember();
    let fails = true;
    server.use(
      http.get('/api/notification-setting', () =>
        fails ? HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }) : HttpResponse.json(ok(someSettings())),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<NotificationSettingsPage />, { path: '/notifications/settings' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your settings could not be loaded.');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'E-mail for Mentions' })).toBeChecked();
  });
});
