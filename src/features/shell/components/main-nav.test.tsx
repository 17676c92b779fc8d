import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { MainNav } from './main-nav';
import { TopBarNavIcons } from './top-bar-nav-icons';

const current = async (path: string) => {
  server.use(http.get('/api/notifications/badge', () => HttpResponse.json(ok({ unreadCount: 0, newFollowerRequestCount: 0 }))));
  await renderWithProviders(<MainNav variant="bar" />, { path });
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
};

describe('MainNav: which entry is current', () => {
  it.each([
    ['/profile', ['Profile']],
    ['/profile/edit', ['Profile']],
    ['/profile/gears/add', ['Profile']],
    ['/profile/jonasrides', ['Members']],
    ['/profile/jonasrides/gears', ['Members']],
    ['/followers/requests', ['Members']],
    ['/following', ['Members']],
    ['/members', ['Members']],
    ['/notifications/settings', ['Notifications']],
    ['/feeds/12', ['Feeds']],
  ])('%s marks %j', async (path, expected) => {
    expect(await current(path)).toEqual(expected);
  });
});

describe('MainNav: counts and the phone bar', () => {
  const badge = (unreadCount: number, newFollowerRequestCount: number) =>
    server.use(http.get('/api/notifications/badge', () => HttpResponse.json(ok({ unreadCount, newFollowerRequestCount }))));

  it('puts unread notifications and follow requests on Notifications, named by its visible label first', async () => {
    badge(3, 1);
    await renderWithProviders(<MainNav variant="bar" />, { path: '/feeds' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Notifications, 3 unread, 1 follow request' })).toHaveTextContent('4');
    // Members no longer carries the requests: its name is just what it shows.
    expect(within(nav).getByRole('link', { name: 'Members' })).not.toHaveAttribute('aria-label');
  });

  it('leaves Notifications out of the phone tabs, for the bell in the top bar', async () => {
    badge(0, 2);
    await renderWithProviders(
      <>
        <TopBarNavIcons />
        <MainNav variant="tabs" />
      </>,
      { path: '/feeds' },
    );
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((link) => link.textContent)).toEqual(['Feeds', 'Shorts', 'Events', 'Activities', 'Members', 'Profile']);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 follow requests' });
    expect(bell).toHaveAttribute('href', '/notifications');
  });
});
