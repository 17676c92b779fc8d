import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EventComment, EventReply } from '#contract/event-comments';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { EventDetailPage } from './components/event-detail-page';
import { anEvent } from './test-helpers';
import { signedInMember } from '../../test/session';
import { aComment, answerComments, jonas, maya } from '../comments/test-helpers';

const EVENT_ID = 501;

/** A comment on event 501 as `GET /api/challenge/comment` answers it (the feed comment with `eventId`). */
function anEventComment(over: Parameters<typeof aComment>[0] = {}): EventComment {
  const { feedId: _feedId, reply, ...comment } = aComment(over);
  return { ...comment, eventId: EVENT_ID, reply: reply.map(({ feedId: _replyFeedId, ...r }) => ({ ...r, eventId: EVENT_ID })) };
}

/** One comment as the event's save, edit and like calls answer it (no replies). */
function anEventReply(over: Parameters<typeof aComment>[0] = {}): EventReply {
  const { reply: _reply, replyCount: _replyCount, replyCursor: _replyCursor, ...comment } = anEventComment(over);
  return comment;
}

/** The event's page with `comments` under it; the event counts `commentCount`. Keeps each comment query asked. */
async function openEventWith(comments: EventComment[], commentCount: number, event: Parameters<typeof anEvent>[0] = {}) {
  signedInMember();
  const asked: string[] = [];
  server.use(
    http.get('/api/getChallengeDetails', () => HttpResponse.json(ok(anEvent({ commentCount, ...event })))),
    http.get('/api/challenge/comment', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(ok({ list: comments, current_page: 1, last_page: 1, per_page: 20, total: comments.length, next_cursor: null }));
    }),
  );
  const user = userEvent.setup();
  await renderWithProviders(<EventDetailPage eventId={EVENT_ID} />, { path: `/events/${EVENT_ID}` });
  await screen.findByRole('heading', { level: 1, name: 'Saturday gravel social' });
  await waitFor(() => expect(screen.queryByText('Loading comments')).not.toBeInTheDocument());
  return { user, asked };
}

const actionsOf = (text: string) => within(screen.getByText(text).closest('article')!).getAllByRole('group', { name: /^Actions for/ })[0]!;

describe('eventComments', () => {
  it('reads the event’s comments by eventId', async () => {
    const { asked } = await openEventWith([anEventComment({ comment: 'Is the gravel dry?', author: jonas })], 1);
    expect(screen.getByText('Is the gravel dry?')).toBeInTheDocument();
    expect(asked).toEqual([`?eventId=${EVENT_ID}&page=1`]);
  });

  it('adds a comment with POST /api/challenge/comment, and the event counts one more', async () => {
    const { user } = await openEventWith([], 0);
    const sent = answerComments<{ eventId: number; comment: string }>('challenge/comment', (body) =>
      HttpResponse.json(ok({ comment: anEventReply({ commentId: 900, comment: body.comment, author: maya }), commentCount: 1 })),
    );
    expect(screen.getByRole('link', { name: '0 comments' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Count me in{Enter}');

    expect(await screen.findByRole('link', { name: '1 comment' })).toHaveAttribute('href', `/events/${EVENT_ID}#comments`);
    expect(sent).toEqual([{ eventId: EVENT_ID, comment: 'Count me in' }]);
    expect(screen.getByText('Count me in')).toBeInTheDocument();
  });

  it('deletes a comment with DELETE /api/challenge/DeleteComment and a JSON body, and the event counts one fewer', async () => {
    const { user } = await openEventWith([anEventComment({ commentId: 12, comment: 'Wrong event, sorry', author: maya })], 1);
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/challenge/DeleteComment', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ commentId: 12, parentId: 0, commentCount: 0 }));
      }),
    );
    await user.click(within(actionsOf('Wrong event, sorry')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('link', { name: '0 comments' })).toBeInTheDocument();
    expect(bodies).toEqual([{ eventId: EVENT_ID, commentId: 12 }]);
    expect(screen.queryByText('Wrong event, sorry')).not.toBeInTheDocument();
  });

  it('edits with updateChallengeComment and likes with challengeCommentLikeStore', async () => {
    const own = anEventComment({ commentId: 12, comment: 'Meet at 8', author: maya });
    const { user } = await openEventWith([own, anEventComment({ commentId: 11, comment: 'Great route', author: jonas })], 2);
    const edits = answerComments<{ comment: string }>('challenge/updateChallengeComment', (body) =>
      HttpResponse.json(ok(anEventReply({ commentId: 12, author: maya, comment: body.comment, editedAt: '2027-06-01T10:00:00.000Z' }))),
    );
    const likes = answerComments('challenge/comment/challengeCommentLikeStore', () =>
      HttpResponse.json(ok(anEventReply({ commentId: 11, comment: 'Great route', author: jonas, likeCount: 1, isLiked: true }))),
    );

    await user.click(within(actionsOf('Meet at 8')).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit your comment' }));
    await user.keyboard('Meet at 8:30{Enter}');
    await waitFor(() => expect(edits).toEqual([{ eventId: EVENT_ID, commentId: 12, comment: 'Meet at 8:30' }]));
    expect(await screen.findByText('Meet at 8:30')).toBeInTheDocument();

    await user.click(within(actionsOf('Great route')).getByRole('button', { name: 'Like, 0 likes' }));
    await waitFor(() => expect(likes).toEqual([{ commentId: 11, isLiked: true }]));
    expect(within(actionsOf('Great route')).getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers Delete on anyone’s comment to the event’s co-hosts, as the server allows, and not to other members', async () => {
    const byJonas = anEventComment({ commentId: 14, comment: 'Is there parking?', author: jonas });
    await openEventWith([byJonas], 1, { coHosts: [maya] });
    expect(within(actionsOf('Is there parking?')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('offers no Delete on others’ comments to a member who does not host the event', async () => {
    await openEventWith([anEventComment({ commentId: 15, comment: 'Is there parking?', author: jonas })], 1);
    expect(within(actionsOf('Is there parking?')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
