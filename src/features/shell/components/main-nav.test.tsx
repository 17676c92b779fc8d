import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { MainNav } from './main-nav';

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
