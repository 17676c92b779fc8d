import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Event } from '#contract/events';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { NotificationsPage } from '../../notifications/components/notifications-page';
import { aBadge, aNotification, aPage, serveBadge, serveNotifications, serveRequestsSummary } from '../../notifications/test-helpers';
import { anEvent, anOrganiser, serveCohostInvites } from '../test-helpers';
import { CohostInvitesSection } from './cohost-invites-section';

/** `/notifications` as its route puts it together: the invitations to co-host (`invites`) at the top. */
async function renderNotifications(invites: () => Event[]) {
  signedInMember();
  serveBadge(() => aBadge(1, 0));
  serveRequestsSummary(() => ({ newFollowerRequestCount: 0, latest: [] }));
  serveCohostInvites(invites);
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <NotificationsPage>
      <CohostInvitesSection />
    </NotificationsPage>,
    { path: '/notifications' },
  );
  return { user, ...view };
}

describe('CohostInvitesSection', () => {
  it('shows the invitations to co-host waiting at the top, each with Accept and Decline', async () => {
    const priya = anOrganiser({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair' });
    const hike = anEvent({ id: 610, eventName: 'Sunrise on Mount Sanitas', createdBy: priya, coHostInvite: { invitedBy: priya } });
    let waiting = [hike];
    const accepted: unknown[] = [];
    server.use(
      http.post('/api/challenge/cohost/accept', async ({ request }) => {
        accepted.push(await request.json());
        waiting = [];
        return HttpResponse.json(ok({ ...hike, coHostInvite: null, canEdit: true }, 'You’re a co-host of this event now.'));
      }),
    );
    serveNotifications([aPage([aNotification({ kind: 'events', message: 'Priya Nair invited you to co-host an event.', subjectType: 'event', subjectId: 610 })])]);
    const { user } = await renderNotifications(() => waiting);

    const section = await screen.findByRole('region', { name: 'Invitations to co-host' });
    expect(section).toHaveTextContent('Priya Nair invited you to co-host Sunrise on Mount Sanitas.');
    expect(within(section).getByRole('link', { name: 'Sunrise on Mount Sanitas' })).toHaveAttribute('href', '/events/610');
    expect(within(section).getByRole('button', { name: 'Decline: co-host Sunrise on Mount Sanitas' })).toBeEnabled();
    await user.click(within(section).getByRole('button', { name: 'Accept: co-host Sunrise on Mount Sanitas' }));
    expect(await screen.findByText('You’re a co-host of this event now.')).toBeInTheDocument();
    expect(accepted).toEqual([{ challengeId: 610 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations to co-host' })).not.toBeInTheDocument());
  });

});
