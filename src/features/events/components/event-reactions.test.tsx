import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FeedLikes, ReactionCode } from '#contract/feeds';
import { fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { likesWith } from '../../reactions/reaction-counts';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { anEvent } from '../test-helpers';
import { EventDetailPage } from './event-detail-page';

/** Two others loved the event before the viewer came. */
const OTHERS: FeedLikes = { total: 2, mine: null, byCode: [{ likeUniCode: 'U+2764', count: 2 }] };
/** What the server knows by the time it answers: someone else gave a thumbs-up meanwhile. */
const OTHERS_NOW: FeedLikes = { total: 3, mine: null, byCode: [...OTHERS.byCode, { likeUniCode: 'U+1F44D', count: 1 }] };

/** The event's page (id 501) with the viewer's reaction `mine`, its comments empty. */
async function openEvent(mine: ReactionCode | null = null) {
  signedInMember();
  server.use(
    http.get('/api/getChallengeDetails', () => HttpResponse.json(ok(anEvent({ likes: likesWith(OTHERS, mine) })))),
    http.get('/api/challenge/comment', () => HttpResponse.json(ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null }))),
  );
  const user = userEvent.setup();
  await renderWithProviders(<EventDetailPage eventId={501} />, { path: '/events/501' });
  const article = await screen.findByRole('article', { name: 'Saturday gravel social' });
  return { user, article };
}

/**
 * `POST /api/saveProductLike` as the server answers it: the event's reactions now. Holds each answer until `hold`
 * opens; keeps every body.
 */
function serveProductLikes({ hold = undefined as ReturnType<typeof gate> | undefined, status = 200 } = {}) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/saveProductLike', async ({ request }) => {
      const body = (await request.json()) as { id: number; likeUniCode: ReactionCode | null };
      bodies.push(body);
      if (hold) await hold.opened;
      if (status !== 200) return HttpResponse.json(fail(status, 'The reaction could not be saved.'), { status });
      return HttpResponse.json(ok({ id: body.id, likes: likesWith(OTHERS_NOW, body.likeUniCode) }));
    }),
  );
  return bodies;
}

const total = (article: HTMLElement) => within(article).getByRole('button', { name: /see who reacted/ });

describe('the reaction bar on an event', () => {
  it('reacts through /api/saveProductLike with type challenge, at once, then settles on the server’s counts', async () => {
    const hold = gate();
    const bodies = serveProductLikes({ hold });
    const { user, article } = await openEvent();
    await user.click(within(article).getByRole('button', { name: 'Like, react with Love' }));
    expect(within(article).getByRole('button', { name: 'Your reaction: Love. Remove it' })).toHaveAttribute('aria-pressed', 'true');
    expect(total(article)).toHaveTextContent('3');
    expect(bodies).toEqual([{ id: 501, likeUniCode: 'U+2764', type: 'challenge' }]);

    // The answer, not the guess, is what stays.
    hold.open();
    await waitFor(() => expect(total(article)).toHaveTextContent('4'));
    expect(total(article)).toHaveTextContent('👍');
  });

  it('switches reaction from the picker and takes it back with one click', async () => {
    const bodies = serveProductLikes();
    const { user, article } = await openEvent('U+2764');
    await user.click(within(article).getByRole('button', { name: 'More reactions' }));
    await user.click(within(within(article).getByRole('toolbar', { name: 'Choose a reaction' })).getByRole('button', { name: 'Wow' }));
    expect(within(article).getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(1));

    await user.click(within(article).getByRole('button', { name: 'Your reaction: Wow. Remove it' }));
    expect(within(article).getByRole('button', { name: 'Like, react with Love' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(bodies).toEqual([
        { id: 501, likeUniCode: 'U+1F62E', type: 'challenge' },
        { id: 501, likeUniCode: null, type: 'challenge' },
      ]),
    );
  });

  it('puts the counts back and says so once when the server refuses', async () => {
    serveProductLikes({ status: 500 });
    const { user, article } = await openEvent();
    await user.click(within(article).getByRole('button', { name: 'Like, react with Love' }));
    expect(await screen.findByText('The reaction could not be saved.')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Like, react with Love' })).toHaveAttribute('aria-pressed', 'false');
    expect(total(article)).toHaveTextContent('2');
    expect(screen.getAllByText('The reaction could not be saved.')).toHaveLength(1);
  });

  it('lists who reacted from /api/challenge/likes, all of them or by reaction', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/challenge/likes', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('challengeId')} ${params.get('likeUniCode') ?? 'all'}`);
        const list = [{ userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', profileImage: null, likeUniCode: 'U+2764' as const }];
        return HttpResponse.json(ok({ list, current_page: 1, last_page: 1, per_page: 20, total: 1, next_cursor: null }));
      }),
    );
    const { user, article } = await openEvent();
    await user.click(total(article));
    const dialog = screen.getByRole('dialog', { name: 'Reactions' });
    expect(await within(dialog).findByRole('link', { name: /Jonas Berg/ })).toHaveAttribute('href', '/profile/jonasrides');
    await user.click(within(dialog).getByRole('tab', { name: 'Love, 2' }));
    await waitFor(() => expect(asked).toEqual(['501 all', '501 U+2764']));
  });
});
