import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FeedLikes, ReactionCode } from '#contract/feeds';
import { fail, managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { likesWith } from '../../reactions/reaction-counts';
import { aFeed, feedPage, serveFeeds } from '../test-helpers';
import { FeedList } from './feed-list';

/** Three others loved the post before the viewer came. */
const OTHERS: FeedLikes = { total: 3, mine: null, byCode: [{ likeUniCode: 'U+2764', count: 3 }] };

/**
 * A server that keeps the viewer's reaction, answers the whole post (with a comment count the list did not have, so
 * the test can see the answer replace the post), and holds each answer until the test opens `hold`.
 */
function serveLikes({ mine = null as ReactionCode | null, hold = undefined as ReturnType<typeof gate> | undefined, status = 200 } = {}) {
  const bodies: { feedId: number; likeUniCode: ReactionCode | null }[] = [];
  server.use(
    http.post('/api/feed/like', async ({ request }) => {
      const body = (await request.json()) as (typeof bodies)[number];
      bodies.push(body);
      if (hold) await hold.opened;
      if (status !== 200) return HttpResponse.json(fail(status, 'The reaction could not be saved.'), { status });
      mine = body.likeUniCode;
      return HttpResponse.json(ok(aFeed({ commentCount: 9, likes: likesWith(OTHERS, mine) })));
    }),
  );
  return bodies;
}

async function renderPost(mine: ReactionCode | null = null, member: Parameters<typeof signedInMember>[0] = {}) {
  signedInMember(member);
  serveFeeds(() => feedPage([aFeed({ likes: likesWith(OTHERS, mine) })]));
  const user = userEvent.setup();
  await renderWithProviders(<FeedList filters={{}} label="Posts" empty={null} />, { path: '/feeds' });
  const card = await screen.findByRole('article');
  return { user, card };
}

const total = (card: HTMLElement) => within(card).getByRole('button', { name: /see who reacted/ });

/** The reaction bar (reactions/) on a post: `feedReactions` sends, caches and answers with the whole post. */
describe('ReactionBar', () => {
  it('reacts with ❤️ in one click, shows it before the server answers, then takes the server’s post', async () => {
    const hold = gate();
    const bodies = serveLikes({ hold });
    const { user, card } = await renderPost();
    await user.click(within(card).getByRole('button', { name: 'Like, react with Love' }));
    expect(within(card).getByRole('button', { name: 'Your reaction: Love. Remove it' })).toHaveAttribute('aria-pressed', 'true');
    expect(total(card)).toHaveTextContent('4');
    expect(bodies).toEqual([{ feedId: 101, likeUniCode: 'U+2764' }]);

    hold.open();
    await waitFor(() => expect(within(card).getByRole('link', { name: '9 comments' })).toBeInTheDocument());
    expect(total(card)).toHaveTextContent('4');
  });

  it('shows an associate whose owner has not allowed reactions the reactions and who reacted, with nothing to react with', async () => {
    const bodies = serveLikes();
    const { card } = await renderPost(null, { managedBy: managedBy('comment') });
    expect(total(card)).toHaveTextContent('3');
    expect(within(card).queryByRole('button', { name: 'Like, react with Love' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'More reactions' })).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('switches to another reaction through the picker, from the keyboard', async () => {
    const bodies = serveLikes({ mine: 'U+2764' });
    const { user, card } = await renderPost('U+2764');
    await user.click(within(card).getByRole('button', { name: 'More reactions' }));
    const picker = within(card).getByRole('toolbar', { name: 'Choose a reaction' });
    expect(within(picker).getByRole('button', { name: 'Love' })).toHaveFocus();
    expect(within(picker).getByRole('button', { name: 'Love' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(picker).getByRole('button', { name: 'Wow' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(within(card).queryByRole('toolbar')).not.toBeInTheDocument();
    // Focus comes back to the reaction button, now showing the choice, so the keyboard goes on from there.
    expect(within(card).getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toHaveFocus();
    // Still four reactions: the viewer's moved from ❤️ to 😮.
    expect(total(card)).toHaveTextContent('4');
    expect(total(card)).toHaveTextContent('😮');
    expect(bodies).toEqual([{ feedId: 101, likeUniCode: 'U+1F62E' }]);
    await waitFor(() => expect(within(card).getByRole('link', { name: '9 comments' })).toBeInTheDocument());
  });

  it('takes the reaction back with one click on it', async () => {
    const bodies = serveLikes({ mine: 'U+1F44D' });
    const { user, card } = await renderPost('U+1F44D');
    await user.click(within(card).getByRole('button', { name: 'Your reaction: Thumbs up. Remove it' }));
    expect(within(card).getByRole('button', { name: 'Like, react with Love' })).toHaveAttribute('aria-pressed', 'false');
    expect(total(card)).toHaveTextContent('3');
    expect(total(card)).not.toHaveTextContent('👍');
    await waitFor(() => expect(bodies).toEqual([{ feedId: 101, likeUniCode: null }]));
  });

  it('settles rapid clicks on the last one with at most two requests', async () => {
    const hold = gate();
    const bodies = serveLikes({ hold });
    const { user, card } = await renderPost();
    for (let i = 0; i < 4; i++) await user.click(within(card).getAllByRole('button', { pressed: i % 2 === 1 })[0]!);
    expect(within(card).getByRole('button', { name: 'Like, react with Love' })).toBeInTheDocument();
    hold.open();
    await waitFor(() => expect(bodies).toEqual([{ feedId: 101, likeUniCode: 'U+2764' }, { feedId: 101, likeUniCode: null }]));
    await waitFor(() => expect(within(card).getByRole('link', { name: '9 comments' })).toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Like, react with Love' })).toBeInTheDocument();
    expect(total(card)).toHaveTextContent('3');
  });

  it('puts the counts back and says so once when the server refuses', async () => {
    serveLikes({ status: 500 });
    const { user, card } = await renderPost();
    await user.click(within(card).getByRole('button', { name: 'Like, react with Love' }));
    expect(await screen.findByText('The reaction could not be saved.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like, react with Love' })).toHaveAttribute('aria-pressed', 'false');
    expect(total(card)).toHaveTextContent('3');
    expect(screen.getAllByText('The reaction could not be saved.')).toHaveLength(1);
  });
});
