import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aMember, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { relationshipOf, serveMembers, serveRequestsSummary } from '../test-helpers';
import { FollowersPage } from './followers-page';

const jonas = aMember({ isFollowedBy: true });
const priya = aMember({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair', isFollowedBy: true, isFollowing: true });

describe('FollowersPage', () => {
  it('removes a follower after confirming: the row leaves the list and the profile counts refresh', async () => {
    signedInMember();
    serveRequestsSummary();
    serveMembers('follower', () => [jonas, priya]);
    const removed: unknown[] = [];
    server.use(
      http.post('/api/follower/remove', async ({ request }) => {
        removed.push(await request.json());
        return HttpResponse.json(ok(relationshipOf(jonas, { isFollowedBy: false })));
      }),
    );
    const user = userEvent.setup();
    const { queryClient } = await renderWithProviders(<FollowersPage />, { path: '/followers' });
    await screen.findByRole('list', { name: 'Your followers' });
    // Someone watching the counts, as the profile page does.
    queryClient.setQueryData(['profile', 'summary'], { followers: 2, following: 1, feeds: 0, shorts: 0, activities: 0, gears: 0, distanceMetres: 0, elevationMetres: 0 });
    expect(screen.getByRole('button', { name: 'Follow back @jonasrides' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following @priyahikes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove @jonasrides' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this follower?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove @jonasrides' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Jonas Berg/ })).not.toBeInTheDocument());
    expect(removed).toEqual([{ userId: 21 }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Priya Nair/ })).toBeInTheDocument();
    expect(queryClient.getQueryState(['profile', 'summary'])?.isInvalidated).toBe(true);
  });

  it('says so when nobody follows the member yet', async () => {
    signedInMember();
    serveRequestsSummary();
    serveMembers('follower', () => []);
    await renderWithProviders(<FollowersPage />, { path: '/followers' });
    expect(await screen.findByText('No followers yet.')).toBeInTheDocument();
  });
});
