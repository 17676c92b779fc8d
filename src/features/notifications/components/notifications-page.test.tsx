import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { gate } from '../../../test/gate';
import { MainNav } from '../../shell/components/main-nav';
import { notificationKeys } from '../api';
import { aBadge, aMemberCard, aNotification, aPage, serveBadge, serveNotifications, serveRequestsSummary } from '../test-helpers';
import { NotificationsPage } from './notifications-page';

const local = (d: number, h: number, m = 0) => new Date(2026, 2, d, h, m).toISOString();

const follower = aNotification({ id: 3, createdAt: local(10, 14, 55) });
const liked = aNotification({
  id: 2,
  kind: 'likes',
  message: 'Sam Rivera liked your post.',
  actor: { userId: 22, handleName: 'samrivera', firstName: 'Sam', lastName: 'Rivera', profileImage: '/media/sam.webp' },
  subjectType: 'feed',
  subjectId: 88,
  isRead: true,
  createdAt: local(9, 20),
});
const commented = aNotification({
  id: 1,
  kind: 'comments',
  message: 'Sam Rivera commented on your post.',
  actor: { userId: 22, handleName: 'samrivera', firstName: 'Sam', lastName: 'Rivera', profileImage: null },
  subjectType: 'comment',
  subjectId: 501,
  parentId: 88,
  isRead: true,
  createdAt: local(2, 9),
});

async function renderPage({
  badge = aBadge(1, 0),
  summary = { newFollowerRequestCount: 0, latest: [] as ReturnType<typeof aMemberCard>[] },
} = {}) {
  signedInMember();
  let current = badge;
  serveBadge(() => current);
  serveRequestsSummary(() => summary);
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <>
      <MainNav variant="bar" />
      <NotificationsPage />
    </>,
    { path: '/notifications' },
  );
  return { user, ...view, setServerBadge: (b: typeof badge) => (current = b) };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, 15, 0));
});
afterEach(() => vi.useRealTimers());

describe('NotificationsPage', () => {
  it('lists notifications by day, newest first, with unread ones marked and each linking to its subject', async () => {
    serveNotifications([aPage([follower, liked, commented], { badge: aBadge(1) })]);
    await renderPage();

    const today = await screen.findByRole('region', { name: 'Today' });
    const todayLink = within(today).getByRole('link');
    expect(todayLink).toHaveAccessibleName('Unread: Robin Ridge started following you. 5 min. ago');
    expect(todayLink).toHaveAttribute('href', '/profile/robinridge');
    expect(within(today).getByText('Robin Ridge started following you.')).toHaveClass('font-semibold');

    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    const likedLink = within(yesterday).getByRole('link');
    expect(likedLink).toHaveAccessibleName(/^Sam Rivera liked your post\./);
    expect(likedLink).toHaveAttribute('href', '/feeds/88');
    expect(within(yesterday).getByText('Sam Rivera liked your post.')).not.toHaveClass('font-semibold');

    const older = screen.getByRole('region', { name: 'Monday, March 2' });
    // A comment leads to the post it is on.
    expect(within(older).getByRole('link')).toHaveAttribute('href', '/feeds/88');

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Today', 'Yesterday', 'Monday, March 2']);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/notifications/settings');
  });

  it('opening an unread notification goes to its subject and marks it read at once', async () => {
    serveNotifications([aPage([follower, liked], { badge: aBadge(1) })]);
    const { user, queryClient, router } = await renderPage({ badge: aBadge(1, 0) });
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/notifications/read', async ({ request }) => {
        bodies.push(await request.json());
        await held.opened;
        return HttpResponse.json(ok(aBadge(0, 0)));
      }),
    );
    expect(await within(nav()).findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: /Robin Ridge started following you/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/robinridge'));
    // Before the server answers, the badge is down and the row is read.
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.badge())).toEqual(aBadge(0, 0)));
    expect(bodies).toEqual([{ notificationId: 3 }]);
    held.open();
  });

  it('"Mark all as read" clears every unread marker and the nav badge; a failure puts them back', async () => {
    serveNotifications([aPage([follower, aNotification({ id: 4, message: 'Kai Ito asked to follow you.', kind: 'follow_request' })], { badge: aBadge(2) })]);
    const { user } = await renderPage({ badge: aBadge(2, 1) });
    expect(await within(nav()).findByRole('link', { name: 'Notifications, 2 unread, 1 follow request' })).toBeInTheDocument();
    expect(screen.getAllByText('Unread:')).toHaveLength(2);

    server.use(http.post('/api/notifications/read', () => HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getAllByText('Unread:')).toHaveLength(2);
    expect(within(nav()).getByRole('link', { name: 'Notifications, 2 unread, 1 follow request' })).toBeInTheDocument();

    const bodies: unknown[] = [];
    server.use(
      http.post('/api/notifications/read', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok(aBadge(0, 1)));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByText('Unread:')).not.toBeInTheDocument());
    expect(bodies).toEqual([{}]);
    // The follow requests wait at the top of the notifications, so their count stays on the bell.
    expect(within(nav()).getByRole('link', { name: 'Notifications, 1 follow request' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(await screen.findByText('All notifications are marked as read.')).toBeInTheDocument();
  });

  it('a gathered row names the latest actor and counts the others, stacks their avatars, shows the photo and words', async () => {
    const maya = { userId: 24, handleName: 'mayaridge', firstName: 'Maya', lastName: 'Ridge', profileImage: '/media/maya.webp' };
    const others = [22, 23].map((userId) => ({ userId, handleName: `m${userId}`, firstName: 'Member', lastName: String(userId), profileImage: `/media/${userId}.webp` }));
    const reactions = aNotification({
      id: 12,
      kind: 'likes',
      message: 'Maya Ridge and 3 others reacted to your post.',
      actor: maya,
      actors: [maya, ...others],
      otherActorCount: 3,
      groupedCount: 4,
      subjectType: 'feed',
      subjectId: 88,
      groupKey: 'likes:feed:88:unread:reacted to your post.',
      action: 'reacted to your post.',
      thumbnail: '/media/p/thumb.webp',
      excerpt: 'Ridge loop at dawn',
      createdAt: local(10, 14, 50),
    });
    const reply = aNotification({ ...commented, id: 11, excerpt: 'Great climb today! The second switchback…', isRead: true, createdAt: local(7, 9) });
    serveNotifications([aPage([reactions, reply], { badge: aBadge(4) })]);
    const { user, queryClient } = await renderPage({ badge: aBadge(4, 0) });
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/notifications/read', async ({ request }) => {
        bodies.push(await request.json());
        await held.opened;
        return HttpResponse.json(ok(aBadge(0, 0)));
      }),
    );

    const row = await within(await screen.findByRole('region', { name: 'Today' })).findByRole('link');
    expect(row).toHaveAccessibleName('Unread: Maya Ridge and 3 others reacted to your post. Ridge loop at dawn 10 min. ago');
    expect([...row.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/media/maya.webp', '/media/22.webp', '/media/23.webp', '/media/p/thumb.webp']);
    // Three days back is named by its weekday; the comment's words are quoted.
    const saturday = screen.getByRole('region', { name: 'Saturday' });
    expect(within(saturday).getByText('“Great climb today! The second switchback…”')).toBeInTheDocument();
    expect(within(saturday).getByRole('link').querySelector('img')).toBeNull();

    // Opening the row reads the four notifications it stands for, on the badge before the server answers.
    expect(within(nav()).getByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    await user.click(row);
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.badge())).toEqual(aBadge(0, 0)));
    expect(bodies).toEqual([{ notificationId: 12 }]);
    held.open();
  });

  it('shows a gear service notice from Switchback (no actor) linking to the piece', async () => {
    const due = aNotification({
      id: 7,
      kind: 'gear',
      message: 'Your XT chain on Blue Hightower is due for a service.',
      actor: null,
      subjectType: 'gear',
      subjectId: 31,
      excerpt: 'Blue Hightower',
      createdAt: local(10, 14, 50),
    });
    serveNotifications([aPage([due], { badge: aBadge(1) })]);
    await renderPage();

    const link = await screen.findByRole('link', { name: /Your XT chain on Blue Hightower is due for a service\./ });
    expect(link).toHaveAttribute('href', '/gears/31');
    expect(within(link).getByText('Blue Hightower')).toBeInTheDocument();
  });

  it('shows the follow requests waiting at the top, linking to them', async () => {
    serveNotifications([aPage([follower])]);
    await renderPage({
      summary: {
        newFollowerRequestCount: 3,
        latest: [aMemberCard({ userId: 30, firstName: 'Kai', lastName: 'Ito' }), aMemberCard({ userId: 31, profileImage: '/media/lee.webp' })],
      },
    });
    const row = await screen.findByRole('link', { name: /Follow requests/ });
    expect(row).toHaveAccessibleName('Follow requests 3 people want to follow you');
    expect(row).toHaveAttribute('href', '/followers/requests');
  });

  it('says so plainly when there is nothing yet, and offers no follow-requests row', async () => {
    serveNotifications([aPage([])]);
    await renderPage({ badge: aBadge(0, 0) });
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByText("When someone follows you or asks to, you'll see it here.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Follow requests/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('loads older notifications on request and appends them, going on from the cursor page 1 answered', async () => {
    const first = aPage([follower], { lastPage: 2 });
    const asked = serveNotifications([
      first,
      aPage([aNotification({ id: 9, message: 'Lee Park started following you.', isRead: true, createdAt: local(1, 8) })], { page: 2, lastPage: 2 }),
    ]);
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByRole('link', { name: /Lee Park started following you/ })).toBeInTheDocument();
    expect(asked.at(-1)?.get('cursor')).toBe(first.next_cursor);
    expect(screen.getByRole('link', { name: /Robin Ridge started following you/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).not.toBeInTheDocument();
    expect(screen.getByText("That's everything.")).toBeInTheDocument();
  });

  it('offers to try again when the list cannot load', async () => {
    let fails = true;
    server.use(
      http.get('/api/notifications', () =>
        fails ? HttpResponse.json(fail(503, 'Switchback is busy. Try again in a minute.'), { status: 503 }) : HttpResponse.json(ok(aPage([follower]))),
      ),
    );
    const { user } = await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your notifications could not be loaded.');
    expect(alert).toHaveTextContent('Switchback is busy. Try again in a minute.');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Robin Ridge started following you/ })).toBeInTheDocument();
  });
});
