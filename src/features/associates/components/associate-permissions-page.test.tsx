import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost, fail, ok } from '../../../test/fixtures';
import { gate } from '../../../test/gate';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { auditFixture, permissionsExcept, permissionsFixture } from '../test-helpers';
import { AssociatePermissionsPage } from './associate-permissions-page';

const AUDIT = [
  auditFixture({ id: 3, change: 'deactivated', minutes: 20 }),
  auditFixture({ id: 5, change: 'granted', permission: 'post_shorts', minutes: 3 }),
  auditFixture({ id: 1, change: 'created', minutes: 60 * 24 * 3 }),
  auditFixture({ id: 4, change: 'revoked', permission: 'create_events', minutes: 10, by: null }),
];

async function renderPage() {
  signedInMember();
  const asked: string[] = [];
  server.use(
    http.get('/api/associate/permissions', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(ok(permissionsFixture({ audit: AUDIT })));
    }),
  );
  const user = userEvent.setup();
  const view = await renderWithProviders(<AssociatePermissionsPage associateId={41} />, { path: '/profile/associate/permissions/41' });
  await screen.findByRole('heading', { level: 1, name: 'Permissions for Ana Rivera' });
  expect(asked).toEqual(['?associateId=41']);
  return { user, ...view };
}

const auditLines = () => within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem').map((li) => li.textContent);

describe('an associate’s permissions', () => {
  it('shows each permission by category with its hint, and who changed what and when, newest first', async () => {
    await renderPage();
    const posting = screen.getByRole('region', { name: 'Posting' });
    expect(within(posting).getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'true']);
    expect(within(posting).getByRole('switch', { name: 'Post shorts' })).toHaveAccessibleDescription('Short vertical videos.');
    expect(screen.getByRole('switch', { name: 'Appear in member search' })).not.toBeChecked();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Posting',
      'People',
      'Events',
      'Activities',
      'Profile',
      'Gear',
      'History',
    ]);
    expect(auditLines()).toEqual([
      'Maya Torres granted Post shorts · 3 min. ago',
      'A deleted account revoked Create events · 10 min. ago',
      'Maya Torres turned the account off · 20 min. ago',
      'Maya Torres created the account · 3 days ago',
    ]);
  });

  it('moves one switch at once, sends just that permission, and settles on the server’s answer with its new audit line', async () => {
    const { user } = await renderPage();
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/associate/permissions', async ({ request }) => {
        bodies.push(await request.json());
        await held.opened;
        return HttpResponse.json(
          ok(
            permissionsFixture({
              permission: permissionsExcept('member_search', 'mentions', 'create_events', 'public_profile', 'post_shorts'),
              audit: [auditFixture({ id: 6, change: 'revoked', permission: 'post_shorts', minutes: 0 }), ...AUDIT],
            }),
          ),
        );
      }),
    );

    const shorts = screen.getByRole('switch', { name: 'Post shorts' });
    await user.click(shorts);
    // Shown before the server answers.
    expect(shorts).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    held.open();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    expect(bodies).toEqual([{ associateId: 41, permission: [{ id: 'post_shorts', status: 0 }] }]);
    expect(shorts).not.toBeChecked();
    expect(auditLines()[0]).toBe('Maya Torres revoked Post shorts · now');
  });

  it('moves a refused switch back, with the server’s reason', async () => {
    const { user } = await renderPage();
    const bodies = answerPost('associate/permissions', () => HttpResponse.json(fail(403, 'You may not change this associate.'), { status: 403 }));

    const events = screen.getByRole('switch', { name: 'Create events' });
    await user.click(events);
    expect(await screen.findByText('You may not change this associate.')).toBeInTheDocument();
    await waitFor(() => expect(events).not.toBeChecked());
    expect(bodies).toEqual([{ associateId: 41, permission: [{ id: 'create_events', status: 1 }] }]);
    expect(screen.getByRole('status')).toHaveTextContent('Not saved');
  });

  it('says so when the associate is not there', async () => {
    signedInMember();
    server.use(http.get('/api/associate/permissions', () => HttpResponse.json(fail(404, 'Associate not found.'), { status: 404 })));
    await renderWithProviders(<AssociatePermissionsPage associateId={99} />, { path: '/profile/associate/permissions/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Associate not found' })).toBeInTheDocument();
  });
});
