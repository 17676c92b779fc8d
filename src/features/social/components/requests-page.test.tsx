import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aMember, managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { relationshipOf, serveMembers, serveRequestsSummary } from '../test-helpers';
import { RequestsPage } from './requests-page';

const jonas = aMember();
const priya = aMember({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair' });

async function renderRequests(member: Parameters<typeof signedInMember>[0] = {}) {
  signedInMember({ isPrivate: true, ...member });
  const waiting = new Set([jonas.userId, priya.userId]);
  server.use(http.get('/api/notifications/badge', () => HttpResponse.json(ok({ unreadCount: 0, newFollowerRequestCount: waiting.size }))));
  serveMembers('followerRequest', () => [jonas, priya].filter((m) => waiting.has(m.userId)));
  const user = userEvent.setup();
  const view = await renderWithProviders(<RequestsPage />, { path: '/followers/requests' });
  await screen.findByRole('list', { name: 'Follow requests' });
  expect(await screen.findByRole('link', { name: 'Requests, 2 waiting' })).toBeInTheDocument();
  return { user, answered: (userId: number) => waiting.delete(userId), ...view };
}

const rowOf = (name: RegExp) => screen.getByRole('link', { name }).closest('li')!;
const answeredList = () => screen.getByRole('list', { name: 'Answered just now' });

describe('RequestsPage', () => {
  it('accepts a request: the row says Accepted and offers Follow back; counts refresh', async () => {
    const { user, answered, queryClient } = await renderRequests();
    queryClient.setQueryData(['profile', 'summary'], { followers: 0, following: 0, feeds: 0, shorts: 0, activities: 0, gears: 0, distanceMetres: 0, elevationMetres: 0 });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/follow/accept', async ({ request }) => {
        bodies.push(await request.json());
        answered(jonas.userId);
        return HttpResponse.json(ok(relationshipOf(jonas, { isFollowedBy: true })));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept @jonasrides' }));
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    const row = rowOf(/Jonas Berg/);
    expect(answeredList()).toContainElement(row);
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Follow back @jonasrides' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ userId: 21 }]);
    expect(await screen.findByRole('link', { name: 'Requests, 1 waiting' })).toBeInTheDocument();
    expect(screen.getByText('@jonasrides: request accepted.')).toBeInTheDocument();
    // The waiting list, asked again, no longer has the answered request; the answered row stays in view.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Follow requests' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getAllByRole('link', { name: /Jonas Berg/ })).toHaveLength(1);
    expect(queryClient.getQueryState(['profile', 'summary'])?.isInvalidated).toBe(true);
    // The other request is still waiting for an answer.
    expect(within(rowOf(/Priya Nair/)).getByRole('button', { name: 'Accept @priyahikes' })).toBeInTheDocument();
  });

  it('tells an associate whose owner has not allowed new followers why Accept is off; Decline stays', async () => {
    await renderRequests({ managedBy: managedBy('follow') });
    const accept = screen.getByRole('button', { name: 'Accept @jonasrides' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('Lena Torres has not allowed you to accept followers, so requests can only be declined.');
    expect(screen.getByRole('button', { name: 'Decline @jonasrides' })).toBeEnabled();
  });

  it('declines a request with DELETE and the userId in the body', async () => {
    const { user, answered } = await renderRequests();
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/deleteFollowRequest', async ({ request }) => {
        bodies.push(await request.json());
        answered(priya.userId);
        return HttpResponse.json(ok(relationshipOf(priya)));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Decline @priyahikes' }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    const row = rowOf(/Priya Nair/);
    expect(answeredList()).toContainElement(row);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ userId: 22 }]);
    expect(await screen.findByRole('link', { name: 'Requests, 1 waiting' })).toBeInTheDocument();
  });

  it('says so when no request waits', async () => {
    signedInMember({ isPrivate: true });
    serveRequestsSummary();
    serveMembers('followerRequest', () => []);
    await renderWithProviders(<RequestsPage />, { path: '/followers/requests' });
    expect(await screen.findByText('No follow requests.')).toBeInTheDocument();
  });
});
