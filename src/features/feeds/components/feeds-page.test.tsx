import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearch } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { managedBy, ok } from '../../../test/fixtures';
import { signedInMember } from '../../../test/session';
import { FeedFormProvider } from '../form/feed-form-context';
import { parseFeedSearch } from '../feed-search-params';
import { feedPage, feedsFrom, serveFeeds } from '../test-helpers';
import { FeedsPage } from './feeds-page';

/** The page as the route gives it: its search read (and validated) from the address. */
function FeedsAtAddress() {
  const search = parseFeedSearch(useSearch({ strict: false }));
  return <FeedsPage search={search} />;
}

async function renderFeeds(search: Record<string, string> = {}, member: Parameters<typeof signedInMember>[0] = {}) {
  signedInMember(member);
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <FeedFormProvider>
      <FeedsAtAddress />
    </FeedFormProvider>,
    { path: '/feeds' },
  );
  if (Object.keys(search).length > 0) await view.router.navigate({ to: '/feeds', search } as never);
  return { user, ...view };
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

const articles = () => within(screen.getByRole('feed')).getAllByRole('article');

describe('FeedsPage', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('shows the first page, keeps only the posts near the viewport in the page, and asks for the next with the cursor', async () => {
    const asked = serveFeeds((p) => (p.get('cursor') === 'after-page-1' ? feedPage(feedsFrom(80, 20), 2, 2) : feedPage(feedsFrom(100, 20), 1, 2)));
    const { user } = await renderFeeds();
    expect(await screen.findByRole('heading', { level: 2, name: 'Post 100' })).toBeInTheDocument();
    expect(articles()[0]).toHaveAttribute('aria-setsize', '40');
    expect(articles()[0]).toHaveAttribute('aria-posinset', '1');
    // Twenty posts loaded, only those near the window rendered.
    expect(articles().length).toBeLessThan(10);
    expect(asked[0]!.get('page')).toBe('1');
    expect(asked[0]!.get('filter_type')).toBe('all');
    expect(asked[0]!.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show more posts' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.get('page')).toBe('2');
    expect(asked[1]!.get('cursor')).toBe('after-page-1');

    // Scrolled to the end: the last posts render, the first leave the page.
    scrollWindowTo(40 * 520);
    // New rows render at low priority (check P7): on a busy machine jsdom can take longer than `findBy`'s default second.
    expect(await screen.findByRole('heading', { level: 2, name: 'Post 61' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Post 100' })).not.toBeInTheDocument();
    expect(articles().length).toBeLessThan(10);
    expect(screen.getByText('You’re all caught up.')).toBeInTheDocument();
  });

  it('says the list’s size only when it is known: past the server’s capped count it is “more than”, until the end', async () => {
    const capped = (page: number, more: boolean) =>
      ok({ list: feedsFrom(1000 - (page - 1) * 20, 20), current_page: page, last_page: 10, per_page: 20, total: 200, next_cursor: more ? `after-page-${page}` : null });
    serveFeeds((p) => (p.get('cursor') === 'after-page-1' ? capped(2, false) : capped(1, true)));
    const { user } = await renderFeeds();
    expect(await screen.findByRole('heading', { level: 2, name: 'Post 1000' })).toBeInTheDocument();
    expect(articles()[0]).toHaveAttribute('aria-setsize', '-1');
    expect(screen.getByRole('status')).toHaveTextContent('More than 200 posts');

    await user.click(screen.getByRole('button', { name: 'Show more posts' }));
    await waitFor(() => expect(articles()[0]).toHaveAttribute('aria-setsize', '40'));
    expect(screen.getByRole('status')).toHaveTextContent('40 posts');
  });

  it('sends the chosen filter, the search once typing pauses, and the dates; a backwards range is refused', async () => {
    const asked = serveFeeds(() => feedPage(feedsFrom(10, 1)));
    const { user } = await renderFeeds();
    await screen.findByRole('heading', { level: 2, name: 'Post 10' });

    await user.click(screen.getByRole('link', { name: 'Following' }));
    await waitFor(() => expect(asked.at(-1)!.get('filter_type')).toBe('following'));
    expect(screen.getByRole('link', { name: 'Following' })).toHaveAttribute('aria-current', 'page');

    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), '#Gravel');
    await waitFor(() => expect(asked.at(-1)!.get('search')).toBe('#Gravel'));
    // One request for the whole word, not one per letter.
    expect(asked.filter((p) => p.get('search') !== null)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Any date' }));
    await user.type(screen.getByLabelText('From'), '2026-05-10');
    await waitFor(() => expect(asked.at(-1)!.get('startDate')).toBe('2026-05-10'));
    const before = asked.length;
    await user.type(screen.getByLabelText('To'), '2026-05-01');
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(asked.slice(before).some((p) => p.get('endDate') === '2026-05-01')).toBe(false);

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-05-20');
    await waitFor(() => expect(asked.at(-1)!.get('endDate')).toBe('2026-05-20'));
    expect(asked.at(-1)!.get('startDate')).toBe('2026-05-10');
    expect(asked.at(-1)!.get('filter_type')).toBe('following');
    expect(asked.at(-1)!.get('search')).toBe('#Gravel');
  });

  it('says what to do when nothing matches, and clears the search in one click', async () => {
    const asked = serveFeeds((p) => feedPage(p.get('search') ? [] : feedsFrom(5, 1)));
    const { user } = await renderFeeds({ search: '#nowhere' });
    expect(await screen.findByText('Nothing matches “#nowhere”')).toBeInTheDocument();
    expect(asked.at(-1)!.get('search')).toBe('#nowhere');
    await user.click(screen.getByRole('link', { name: 'Clear search and dates' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Post 5' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('');
  });

  it('invites people to follow someone when the Following feed is empty', async () => {
    serveFeeds(() => feedPage([]));
    await renderFeeds({ filter: 'following' });
    expect(await screen.findByText('Quiet trail so far')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people to follow' })).toHaveAttribute('href', '/members');
  });

  it('offers the composer to a member, and not to an associate whose owner has not allowed posting', async () => {
    serveFeeds(() => feedPage([]));
    const { unmount } = await renderFeeds();
    expect(await screen.findByText('The feed is empty, for now')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Share something' })).toHaveLength(2);
    unmount();

    await renderFeeds({}, { managedBy: managedBy('comment', 'react') });
    expect(await screen.findByText('The feed is empty, for now')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share something' })).not.toBeInTheDocument();
  });
});
