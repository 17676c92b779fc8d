import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aMember, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { relationshipOf, serveMembers } from '../test-helpers';
import { BlockedMembersPage, MutedMembersPage } from './moderation-list-page';

const jonas = aMember({ isBlocked: true });
const priya = aMember({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair', isBlocked: true });

describe('BlockedMembersPage', () => {
  it('lists the blocked members and searches them on the server', async () => {
    signedInMember();
    const asked = serveMembers('user/blocked/list', (p) => (p.get('search') === 'pri' ? [priya] : [jonas, priya]));
    const user = userEvent.setup();
    await renderWithProviders(<BlockedMembersPage />, { path: '/manage-users/blocked' });
    expect(screen.getByRole('heading', { level: 1, name: 'Blocked members' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(asked[0]?.get('search')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search the members you blocked' }), 'pri');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Blocked members' })).getAllByRole('listitem')).toHaveLength(1));
    expect(asked.at(-1)?.get('search')).toBe('pri');
    expect(screen.getByRole('link', { name: /Priya Nair/ })).toBeInTheDocument();
  });

  it('unblocks from the list: the row stays and its button turns to Block, which asks before blocking again', async () => {
    signedInMember();
    let blocked = true;
    // As the server would: once unblocked, Jonas is no longer on the list it answers.
    serveMembers('user/blocked/list', () => (blocked ? [jonas, priya] : [priya]));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/block', async ({ request }) => {
        bodies.push(await request.json());
        blocked = !blocked;
        return HttpResponse.json(ok(relationshipOf(jonas, { isBlocked: blocked }), blocked ? 'Jonas Berg is blocked now.' : 'Jonas Berg is unblocked.'));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<BlockedMembersPage />, { path: '/manage-users/blocked' });
    await screen.findByRole('list', { name: 'Blocked members' });

    await user.click(screen.getByRole('button', { name: 'Unblock @jonasrides' }));
    expect(screen.getByRole('button', { name: 'Block @jonasrides' })).toBeInTheDocument();
    expect(await screen.findByText('Jonas Berg is unblocked.')).toBeInTheDocument();
    expect(bodies).toEqual([{ userId: 21 }]);
    expect(screen.getByRole('link', { name: /Jonas Berg/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block @jonasrides' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock @priyahikes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block @jonasrides' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block @jonasrides?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(screen.getByRole('button', { name: 'Unblock @jonasrides' })).toBeInTheDocument();
    expect(await screen.findByText('Jonas Berg is blocked now.')).toBeInTheDocument();
    expect(bodies).toEqual([{ userId: 21 }, { userId: 21 }]);
  });

  it("says so when the member hasn't blocked anyone", async () => {
    signedInMember();
    serveMembers('user/blocked/list', () => []);
    await renderWithProviders(<BlockedMembersPage />, { path: '/manage-users/blocked' });
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(screen.getByText(/open their profile and choose Block/)).toBeInTheDocument();
  });
});

describe('MutedMembersPage', () => {
  const muted = aMember({ isMuted: true, isFollowing: true });

  it('searches the muted members and unmutes one: the row stays with Mute, and the server message shows', async () => {
    signedInMember();
    const asked = serveMembers('user/muted/list', (p) => (p.get('search') === 'zzz' ? [] : [muted]));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/following/notification', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok(relationshipOf(muted, { isMuted: false }), 'Jonas Berg is unmuted.'));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<MutedMembersPage />, { path: '/manage-users/muted' });
    expect(screen.getByRole('heading', { level: 1, name: 'Muted members' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Muted members' });

    await user.click(screen.getByRole('button', { name: 'Unmute @jonasrides' }));
    expect(screen.getByRole('button', { name: 'Mute @jonasrides' })).toBeInTheDocument();
    expect(await screen.findByText('Jonas Berg is unmuted.')).toBeInTheDocument();
    expect(bodies).toEqual([{ userId: 21 }]);
    expect(screen.getByRole('link', { name: /Jonas Berg/ })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search the members you muted' }), 'zzz');
    expect(await screen.findByText('No one matches that search.')).toBeInTheDocument();
    expect(asked.at(-1)?.get('search')).toBe('zzz');
  });

  it("says so when the member hasn't muted anyone", async () => {
    signedInMember();
    serveMembers('user/muted/list', () => []);
    await renderWithProviders(<MutedMembersPage />, { path: '/manage-users/muted' });
    expect(await screen.findByText("You haven't muted anyone.")).toBeInTheDocument();
  });
});
