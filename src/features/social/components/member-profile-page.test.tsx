import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '#contract/social';
import { ok } from '../../../test/fixtures';
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
    expect(tabs.map((t) => t.textContent)).toEqual(['Posts', 'Gear', 'Shorts']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveAttribute('href', '/profile/jonasrides/gears');
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
});
