import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '#contract/social';
import { aMember, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders, withSuspense } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { aMemberProfile, serveMembers } from '../test-helpers';
import { MemberFollowsPage } from './member-follows-page';

async function renderFollows(member: MemberProfile, kind: 'followers' | 'following') {
  const me = signedInMember();
  server.use(http.get('/api/user-profile', () => HttpResponse.json(ok(member))));
  const view = await renderWithProviders(withSuspense(<MemberFollowsPage handleName={member.handleName} kind={kind} />), {
    path: `/profile/${member.handleName}/${kind}`,
  });
  await screen.findByRole('heading', { level: 1 });
  return { me, ...view };
}

describe('MemberFollowsPage', () => {
  it("lists another member's followers with the viewer's own follow buttons, none on the viewer's own row", async () => {
    const jonas = aMemberProfile({ userId: 77 });
    const maya = aMember({ userId: 31, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Lind', isFollowing: true });
    const me = signedInMember();
    const asked = serveMembers('follower', () => [maya, aMember({ userId: me.userId, handleName: me.handleName, firstName: 'Me', lastName: 'Myself' })]);
    await renderFollows(jonas, 'followers');
    expect(screen.getByRole('heading', { level: 1, name: 'Jonas Berg’s followers' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Jonas Berg’s followers/);
    const list = await screen.findByRole('list', { name: 'Jonas Berg’s followers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('button', { name: 'Following @mayatrails' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(asked[0]!.get('userId')).toBe('77');
    expect(screen.getByRole('link', { name: 'Following' })).toHaveAttribute('href', '/profile/jonasrides/following');
    expect(screen.getByRole('link', { name: 'Followers' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches whom the member follows by name', async () => {
    const asked = serveMembers('following', (params) =>
      params.get('search') === 'maya' ? [aMember({ userId: 31, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Lind' })] : [],
    );
    await renderFollows(aMemberProfile({ userId: 77 }), 'following');
    expect(await screen.findByText('Jonas Berg does not follow anyone yet.')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search followed by jonas berg' }), 'maya');
    expect(await screen.findByText('@mayatrails')).toBeInTheDocument();
    expect(asked.at(-1)!.get('search')).toBe('maya');
    expect(asked.at(-1)!.get('userId')).toBe('77');
  });

  it('says so when no member has the handle', async () => {
    signedInMember();
    server.use(http.get('/api/user-profile', () => HttpResponse.json({ code: 404, message: 'That member does not exist.' }, { status: 404 })));
    await renderWithProviders(<MemberFollowsPage handleName="nobody-here" kind="followers" />, { path: '/profile/nobody-here/followers' });
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeInTheDocument();
  });

  it('asks nothing for a private profile the viewer does not follow, and says how to see it', async () => {
    const asked = serveMembers('follower', () => []);
    await renderFollows(aMemberProfile({ isPrivate: true, canViewContent: false, followers: null, following: null }), 'followers');
    expect(screen.getByText('This account is private. Follow Jonas Berg to see who follows them and whom they follow.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
