import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '#contract/social';
import { fail, ok } from '../../../test/fixtures';
import { gate } from '../../../test/gate';
import { server } from '../../../test/msw-server';
import { renderWithProviders, withSuspense } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { aMemberProfile, relationshipOf } from '../test-helpers';
import { NotBuiltPanel } from '../../profile/components/profile-tabs';
import { MemberProfilePage } from './member-profile-page';

async function renderProfile(member: MemberProfile) {
  signedInMember();
  const asked: string[] = [];
  server.use(
    http.get('/api/user-profile', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('handleName')!);
      return HttpResponse.json(ok(member));
    }),
  );
  const user = userEvent.setup();
  const view = await renderWithProviders(
    withSuspense(
      <MemberProfilePage handleName={member.handleName}>
        <NotBuiltPanel title="Posts are not built yet." what="This member's posts and photos will be listed here." />
      </MemberProfilePage>,
    ),
    { path: `/profile/${member.handleName}` },
  );
  await screen.findByRole('heading', { level: 1 });
  return { user, asked, ...view };
}

describe('MemberProfilePage', () => {
  it("shows a public member's header, counts, follow button and content tabs", async () => {
    const { asked } = await renderProfile(aMemberProfile({ location: 'Innsbruck, Austria' }));
    expect(asked).toEqual(['jonasrides']);
    expect(screen.getByRole('heading', { level: 1, name: 'Jonas Berg' })).toBeInTheDocument();
    expect(screen.getByText('@jonasrides')).toBeInTheDocument();
    expect(screen.getByText('Road miles before work, gravel on Sundays.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Sports' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['MTB', 'Road']);
    expect(screen.getByText('Innsbruck, Austria')).toBeInTheDocument();
    expect(screen.getByText('41').parentElement).toHaveTextContent('41 followers');
    expect(screen.getByText('12').parentElement).toHaveTextContent('12 following');
    expect(screen.getByRole('link', { name: '41 followers' })).toHaveAttribute('href', '/profile/jonasrides/followers');
    expect(screen.getByRole('link', { name: '12 following' })).toHaveAttribute('href', '/profile/jonasrides/following');
    expect(screen.getByRole('button', { name: 'Follow @jonasrides' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Posts', 'Activities', 'Gear', 'Shorts']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveAttribute('href', '/profile/jonasrides/activities');
    expect(tabs[2]).toHaveAttribute('href', '/profile/jonasrides/gears');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Posts are not built yet.');
    expect(screen.queryByText('This account is private')).not.toBeInTheDocument();
  });

  it('following a public member shows Following and one more follower at once', async () => {
    const member = aMemberProfile();
    const { user } = await renderProfile(member);
    server.use(http.post('/api/follow', () => HttpResponse.json(ok(relationshipOf(member, { isFollowing: true })))));
    await user.click(screen.getByRole('button', { name: 'Follow @jonasrides' }));
    expect(screen.getByRole('button', { name: 'Following @jonasrides' })).toBeInTheDocument();
    expect(screen.getByText('42').parentElement).toHaveTextContent('42 followers');
  });

  it('a private member the viewer does not follow keeps only the header, behind a lock', async () => {
    await renderProfile(aMemberProfile({ isPrivate: true, canViewContent: false, bio: null, location: null, followers: null, following: null }));
    expect(screen.getByRole('heading', { level: 1, name: 'Jonas Berg' })).toBeInTheDocument();
    expect(screen.getByText('Private profile')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'This account is private' })).toBeInTheDocument();
    expect(screen.getByText('Follow this account to see their posts, activities and gear.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText(/followers/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @jonasrides' })).toBeInTheDocument();
  });

  it('asks a private member with a request, and shows the toast', async () => {
    const member = aMemberProfile({ isPrivate: true, canViewContent: false, bio: null, location: null, followers: null, following: null });
    const { user } = await renderProfile(member);
    server.use(http.post('/api/follow', () => HttpResponse.json(ok(relationshipOf(member, { isRequested: true })))));
    await user.click(screen.getByRole('button', { name: 'Follow @jonasrides' }));
    expect(screen.getByRole('button', { name: 'Requested @jonasrides' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Follow request sent')).toBeInTheDocument();
  });

  it('asks before unfollowing a private member, then unfollows', async () => {
    const member = aMemberProfile({ isPrivate: true, isFollowing: true, isFollowedBy: true });
    const { user } = await renderProfile(member);
    expect(screen.getByText('Follows you')).toBeInTheDocument();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/unFollow', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok(relationshipOf(member, { isFollowing: false })));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Following @jonasrides' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unfollow @jonasrides?' });
    expect(dialog).toHaveTextContent('You will need to request again to see their posts.');
    await user.keyboard('{Escape}');
    expect(bodies).toEqual([]);
    expect(screen.getByRole('button', { name: 'Following @jonasrides' })).toBeInTheDocument();

    // What the profile holds for the viewer changes with the follow: it is asked for again, and now says so.
    server.use(http.get('/api/user-profile', () => HttpResponse.json(ok({ ...member, isFollowing: false, canViewContent: false, bio: null, followers: null, following: null }))));
    await user.click(screen.getByRole('button', { name: 'Following @jonasrides' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow back @jonasrides' })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ userId: 21 }]));
    expect(await screen.findByText('This account is private')).toBeInTheDocument();
  });

  describe('block and mute', () => {
    const blockedView = (member: MemberProfile): MemberProfile => ({
      ...member,
      isBlocked: true,
      isFollowing: false,
      isRequested: false,
      isFollowedBy: false,
      canViewContent: false,
      bio: null,
      location: null,
      followers: null,
      following: null,
    });

    it('offers block and mute in a menu that Escape closes, giving focus back to its button', async () => {
      const { user } = await renderProfile(aMemberProfile());
      const menuButton = screen.getByRole('button', { name: 'More actions for @jonasrides' });
      expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      menuButton.focus();
      await user.keyboard('{Enter}');
      expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: 'Block @jonasrides' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Mute @jonasrides' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('button', { name: 'Block @jonasrides' })).not.toBeInTheDocument();
      expect(menuButton).toHaveFocus();
    });

    it('blocks after confirming: blocked at once, then rolled back with the failure toast when the server fails', async () => {
      const member = aMemberProfile({ isFollowing: true, isFollowedBy: true, followers: 41 });
      const { user } = await renderProfile(member);
      const held = gate();
      const bodies: unknown[] = [];
      server.use(
        http.post('/api/block', async ({ request }) => {
          bodies.push(await request.json());
          await held.opened;
          return HttpResponse.json(fail(500, 'The block could not be saved.'), { status: 500 });
        }),
      );
      await user.click(screen.getByRole('button', { name: 'More actions for @jonasrides' }));
      await user.click(screen.getByRole('button', { name: 'Block @jonasrides' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Block @jonasrides?' });
      expect(dialog).toHaveTextContent("They won't be able to find your profile, see your posts or follow you.");
      expect(dialog).toHaveTextContent('You stop following each other.');
      await user.click(within(dialog).getByRole('button', { name: 'Block' }));

      // Before the server answers: blocked, no follow either way, no follow button, no tabs.
      expect(screen.getByRole('heading', { level: 2, name: 'You blocked @jonasrides' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
      expect(screen.queryByText('Follows you')).not.toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(screen.getByText('40').parentElement).toHaveTextContent('40 followers');

      held.open();
      expect(await screen.findByText('The block could not be saved.')).toBeInTheDocument();
      expect(bodies).toEqual([{ userId: 21 }]);
      expect(screen.queryByRole('heading', { name: 'You blocked @jonasrides' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Following @jonasrides' })).toBeInTheDocument();
      expect(screen.getByText('Follows you')).toBeInTheDocument();
      expect(screen.getByText('41').parentElement).toHaveTextContent('41 followers');
      expect(screen.getAllByRole('tab')).toHaveLength(4);
    });

    it('blocks after confirming, shows the server message, and asks for the profile again', async () => {
      const member = aMemberProfile({ isFollowing: true });
      const { user, asked } = await renderProfile(member);
      server.use(
        http.post('/api/block', () =>
          HttpResponse.json(ok(relationshipOf(member, { isBlocked: true, isFollowing: false }), 'Jonas Berg is blocked now.')),
        ),
        http.get('/api/user-profile', ({ request }) => {
          asked.push(new URL(request.url).searchParams.get('handleName')!);
          return HttpResponse.json(ok(blockedView(member)));
        }),
      );
      await user.click(screen.getByRole('button', { name: 'More actions for @jonasrides' }));
      await user.click(screen.getByRole('button', { name: 'Block @jonasrides' }));
      // Backing out sends nothing.
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Following @jonasrides' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'More actions for @jonasrides' }));
      await user.click(screen.getByRole('button', { name: 'Block @jonasrides' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
      expect(await screen.findByText('Jonas Berg is blocked now.')).toBeInTheDocument();
      await waitFor(() => expect(asked).toEqual(['jonasrides', 'jonasrides']));
      await waitFor(() => expect(screen.queryByText(/followers/)).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { level: 2, name: 'You blocked @jonasrides' })).toBeInTheDocument();
    });

    it("a member the viewer blocked shows the blocked panel instead of the tabs, without a follow button; Unblock brings the profile back", async () => {
      const member = aMemberProfile();
      const { user } = await renderProfile(blockedView(member));
      expect(screen.getByRole('heading', { level: 2, name: 'You blocked @jonasrides' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(screen.queryByText(/followers/)).not.toBeInTheDocument();
      expect(screen.queryByText('This account is private')).not.toBeInTheDocument();

      const bodies: unknown[] = [];
      server.use(
        http.post('/api/block', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json(ok(relationshipOf(member), 'Jonas Berg is unblocked.'));
        }),
        http.get('/api/user-profile', () => HttpResponse.json(ok(member))),
      );
      await user.click(screen.getByRole('button', { name: 'Unblock' }));
      // No confirmation for an unblock.
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'You blocked @jonasrides' })).not.toBeInTheDocument();
      expect(await screen.findByText('Jonas Berg is unblocked.')).toBeInTheDocument();
      expect(bodies).toEqual([{ userId: 21 }]);
      expect(await screen.findByRole('button', { name: 'Follow @jonasrides' })).toBeInTheDocument();
      expect(await screen.findByText('41')).toBeInTheDocument();
      expect(screen.getAllByRole('tab')).toHaveLength(4);
    });

    it('mutes and unmutes: the Muted mark follows, with the server message each time', async () => {
      const member = aMemberProfile({ isFollowedBy: true });
      const { user } = await renderProfile(member);
      const bodies: unknown[] = [];
      let muted = false;
      server.use(
        http.post('/api/following/notification', async ({ request }) => {
          bodies.push(await request.json());
          muted = !muted;
          return HttpResponse.json(ok(relationshipOf(member, { isMuted: muted }), muted ? 'Jonas Berg is muted now.' : 'Jonas Berg is unmuted.'));
        }),
      );
      expect(screen.queryByText('Muted')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'More actions for @jonasrides' }));
      await user.click(screen.getByRole('button', { name: 'Mute @jonasrides' }));
      expect(screen.getByText('Muted')).toBeInTheDocument();
      expect(screen.getByText('Follows you')).toBeInTheDocument();
      expect(await screen.findByText('Jonas Berg is muted now.')).toBeInTheDocument();
      // Muting leaves the follow and the content as they were.
      expect(screen.getByRole('button', { name: 'Follow back @jonasrides' })).toBeInTheDocument();
      expect(screen.getAllByRole('tab')).toHaveLength(4);

      await user.click(screen.getByRole('button', { name: 'More actions for @jonasrides' }));
      await user.click(screen.getByRole('button', { name: 'Unmute @jonasrides' }));
      expect(screen.queryByText('Muted')).not.toBeInTheDocument();
      expect(await screen.findByText('Jonas Berg is unmuted.')).toBeInTheDocument();
      expect(bodies).toEqual([{ userId: 21 }, { userId: 21 }]);
    });
  });
});
