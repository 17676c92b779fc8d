import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#contract/notifications';
import type { LiveMessage } from '#contract/realtime';
import type { MemberProfile } from '#contract/social';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { gate } from '../../test/gate';
import { signedInMember } from '../../test/session';
import { cohostInvitesLiveUpdates } from '../events/cohost-live-updates';
import { CohostInvitesSection } from '../events/components/cohost-invites-section';
import { serveCohostInvites } from '../events/test-helpers';
import { MainLayout } from '../shell/components/main-layout';
import { followLiveUpdates } from '../social/follow-live-updates';
import { notificationKeys } from './api';
import { NotificationsPage } from './components/notifications-page';
import { aBadge, aMemberCard, aNotification, aPage, FakeSocket, serveBadge, serveNotifications, serveRequestsSummary } from './test-helpers';

/** What the other areas keep current from the live connection, as src/routes/_main/route.tsx gives it. */
const LIVE_UPDATES = [followLiveUpdates, cohostInvitesLiveUpdates];

const robinProfile: MemberProfile = {
  ...aMemberCard({ isPrivate: true, isRequested: true }),
  profileCoverImage: null,
  bio: null,
  location: null,
  followers: 10,
  following: 4,
  canViewContent: false,
};

/** The signed-in frame (which holds the live connection) with the notifications page in it, socket open, as the routes put them together. */
async function renderSignedIn(badge = aBadge(0, 0), listed: Notification[] = []) {
  signedInMember();
  let current = badge;
  const badgeAsked = serveBadge(() => current);
  const summaryAsked = serveRequestsSummary(() => ({ newFollowerRequestCount: 0, latest: [] }));
  let invitesAsked = 0;
  serveCohostInvites(() => {
    invitesAsked++;
    return [];
  });
  serveNotifications([aPage([...listed, aNotification({ id: 1, message: 'Lee Park started following you.', isRead: true })])]);
  const view = await renderWithProviders(
    <>
      <MainLayout live={LIVE_UPDATES} />
      <NotificationsPage>
        <CohostInvitesSection />
      </NotificationsPage>
    </>,
    { path: '/notifications' },
  );
  await screen.findByRole('link', { name: /Lee Park started following you/ });
  await waitFor(() => expect(badgeAsked.count).toBe(1));
  const socket = FakeSocket.latest();
  act(() => socket.serverOpens());
  const push = (message: LiveMessage) => act(() => socket.serverSends(message));
  return { ...view, socket, push, badgeAsked, summaryAsked, invitesAsked: () => invitesAsked, setServerBadge: (b: typeof badge) => (current = b) };
}

const topBar = () => screen.getAllByRole('navigation', { name: 'Main' })[0]!;

beforeEach(() => {
  FakeSocket.all = [];
  document.title = 'Switchback';
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('live updates', () => {
  it('opens one socket for the session, with its token', async () => {
    await renderSignedIn();
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.latest().url).toBe('ws://localhost:3000/ws?token=test-token-0123456789abcdefghijklmnop');
  });

  it('a pushed notification appears at the top of the list and on the badges, without a reload', async () => {
    const { push } = await renderSignedIn();
    push({ type: 'notification', notification: aNotification({ id: 2 }), badge: aBadge(1, 0) });
    // Query notifies its observers on the next tick.
    await waitFor(() => expect(screen.getAllByRole('link', { name: /following you/ })).toHaveLength(2));
    const rows = screen.getAllByRole('link', { name: /following you/ });
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Robin Ridge'), expect.stringContaining('Lee Park')]);
    expect(rows[0]).toHaveAccessibleName(/^Unread: Robin Ridge started following you\./);
    expect(within(topBar()).getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(document.title).toBe('(1) Switchback');

    // The same notification twice (a retried delivery) is listed once.
    push({ type: 'notification', notification: aNotification({ id: 3, message: 'Kai Ito started following you.' }), badge: aBadge(2, 0) });
    push({ type: 'notification', notification: aNotification({ id: 2 }), badge: aBadge(2, 0) });
    await screen.findByRole('link', { name: /Kai Ito started following you/ });
    expect(screen.getAllByRole('link', { name: /Robin Ridge started following you/ })).toHaveLength(1);
  });

  it('a pushed repeat joins its unread row: the new actor leads, counted with the others, avatars stacked', async () => {
    const sam = { userId: 22, handleName: 'samrivera', firstName: 'Sam', lastName: 'Rivera', profileImage: '/media/sam.webp' };
    const ana = { userId: 23, handleName: 'anaone', firstName: 'Ana', lastName: 'One', profileImage: null };
    const maya = { userId: 24, handleName: 'mayaridge', firstName: 'Maya', lastName: 'Ridge', profileImage: '/media/maya.webp' };
    const aboutPost = { kind: 'likes', subjectType: 'feed', subjectId: 88, groupKey: 'likes:feed:88:unread:reacted to your post.', action: 'reacted to your post.' } as const;
    const { push } = await renderSignedIn(aBadge(2, 0), [
      aNotification({ id: 4, ...aboutPost, message: 'Sam Rivera and 1 other reacted to your post.', actor: sam, actors: [sam, ana], otherActorCount: 1, groupedCount: 2, thumbnail: '/media/p/thumb.webp' }),
    ]);
    expect(screen.getByRole('link', { name: /^Unread: Sam Rivera and 1 other reacted to your post\./ })).toBeInTheDocument();

    push({ type: 'notification', notification: aNotification({ id: 7, ...aboutPost, message: 'Maya Ridge reacted to your post.', actor: maya, thumbnail: '/media/p/thumb.webp' }), badge: aBadge(3, 0) });
    const row = await screen.findByRole('link', { name: /^Unread: Maya Ridge and 2 others reacted to your post\./ });
    expect(screen.queryByRole('link', { name: /Sam Rivera/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /reacted to your post/ })).toHaveLength(1);
    // Three avatars, the newest actor's in front, and the post's photo.
    expect([...row.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/media/maya.webp', '/media/sam.webp', '/media/p/thumb.webp']);
    expect(within(row).getByText('AO')).toBeInTheDocument();
    expect(within(topBar()).getByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });

  it('a follow request refreshes the waiting requests and the Notifications badge', async () => {
    const { push, summaryAsked, queryClient } = await renderSignedIn();
    queryClient.setQueryData(['social', 'requests', ''], { pages: [], pageParams: [] });
    const before = summaryAsked.count;
    push({
      type: 'notification',
      notification: aNotification({ id: 5, kind: 'follow_request', message: 'Kai Ito asked to follow you.' }),
      badge: aBadge(1, 1),
    });
    await waitFor(() => expect(summaryAsked.count).toBe(before + 1));
    expect(queryClient.getQueryState(['social', 'requests', ''])?.isInvalidated).toBe(true);
    expect(within(topBar()).getByRole('link', { name: 'Notifications, 1 unread, 1 follow request' })).toBeInTheDocument();
  });

  it('an accepted request makes cached member profiles ask again', async () => {
    const { push, queryClient } = await renderSignedIn();
    queryClient.setQueryData(['social', 'member', 'robinridge'], robinProfile);
    push({
      type: 'notification',
      notification: aNotification({ id: 6, kind: 'request_accepted', message: 'Robin Ridge accepted your follow request.' }),
      badge: aBadge(1, 0),
    });
    expect(queryClient.getQueryState(['social', 'member', 'robinridge'])?.isInvalidated).toBe(true);
  });

  it('a badge message updates both navigation badges and the tab title', async () => {
    const { push } = await renderSignedIn();
    push({ type: 'badge', badge: aBadge(120, 2) });
    await within(topBar()).findByRole('link', { name: 'Notifications, 99+ unread, 2 follow requests' });
    // The wide bar's entry and the phone's bell in the top bar.
    const entries = screen.getAllByRole('link', { name: 'Notifications, 99+ unread, 2 follow requests' });
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(within(entry).getByText('99+')).toBeInTheDocument();
    expect(document.title).toBe('(99+) Switchback');

    push({ type: 'badge', badge: aBadge(0, 0) });
    expect(await within(topBar()).findByRole('link', { name: 'Notifications' })).toHaveTextContent(/^Notifications$/);
    expect(within(topBar()).getByRole('link', { name: 'Members' })).toHaveTextContent(/^Members$/);
    expect(document.title).toBe('Switchback');
  });

  it('a badge message after notifications went away (a comment deleted) takes them off the list too', async () => {
    const { push } = await renderSignedIn();
    const comment = aNotification({ id: 7, kind: 'comments', message: 'Robin Ridge commented on your post.', subjectType: 'comment', subjectId: 40, parentId: 9 });
    push({ type: 'notification', notification: comment, badge: aBadge(1, 0) });
    await screen.findByRole('link', { name: /Robin Ridge commented on your post/ });

    // Robin deletes the comment: the server drops its notification and pushes the new badge.
    serveNotifications([aPage([aNotification({ id: 1, message: 'Lee Park started following you.', isRead: true })])]);
    push({ type: 'badge', badge: aBadge(0, 0) });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Robin Ridge commented on your post/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Lee Park started following you/ })).toBeInTheDocument();
    expect(within(topBar()).getByRole('link', { name: 'Notifications' })).toHaveTextContent(/^Notifications$/);
  });

  it('an event notification (maybe an invitation to co-host) makes the waiting invitations load again', async () => {
    const { push, invitesAsked } = await renderSignedIn();
    await waitFor(() => expect(invitesAsked()).toBeGreaterThan(0));
    const before = invitesAsked();
    const invitation = aNotification({ id: 8, kind: 'events', message: 'Robin Ridge invited you to co-host an event.', subjectType: 'event', subjectId: 610 });
    push({ type: 'notification', notification: invitation, badge: aBadge(1, 0) });
    await waitFor(() => expect(invitesAsked()).toBeGreaterThan(before));
  });

  it('a relationship message is written into the cached member', async () => {
    const { push, queryClient } = await renderSignedIn();
    queryClient.setQueryData(['social', 'member', 'robinridge'], { ...robinProfile, isPrivate: false });
    push({
      type: 'relationship',
      relationship: { userId: 21, isFollowing: true, isRequested: false, isFollowedBy: true, isBlocked: false, isMuted: false },
    });
    expect(queryClient.getQueryData<MemberProfile>(['social', 'member', 'robinridge'])).toMatchObject({ isFollowing: true, isRequested: false, followers: 11 });
  });

  it('after a reconnect it asks for the badge again, since messages may have been missed', async () => {
    const { socket, badgeAsked, setServerBadge } = await renderSignedIn();
    setServerBadge(aBadge(4, 0));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => socket.serverCloses(1006));
      // Half a second at least, a second at most (the random half).
      act(() => vi.advanceTimersByTime(499));
      expect(FakeSocket.all).toHaveLength(1);
      act(() => vi.advanceTimersByTime(501));
      expect(FakeSocket.all).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    act(() => FakeSocket.latest().serverOpens());
    await waitFor(() => expect(badgeAsked.count).toBe(2));
    expect(await within(topBar()).findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });

  it('a session ended by the server signs this browser out, as a 401 does', async () => {
    const { socket, ended, router, queryClient } = await renderSignedIn(aBadge(3, 0));
    act(() => socket.serverCloses(4403));
    expect(ended).toEqual(['expired']);
    expect(localStorage.getItem('access_token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.badge())).toBeUndefined());
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a sign-out from this device, whose socket closes before the answer comes, is not reported as an ended session', async () => {
    const { socket, ended } = await renderSignedIn();
    const held = gate();
    server.use(
      http.post('/api/logout', async () => {
        await held.opened;
        return HttpResponse.json(ok({}));
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    act(() => socket.serverCloses(4403));
    expect(ended).toEqual([]);
    held.open();
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
    expect(ended).toEqual(['signedOut']);
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });
});
