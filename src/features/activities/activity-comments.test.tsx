import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ActivityComment, ActivityReply } from '#contract/activity-comments';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { signedInMember } from '../../test/session';
import { aComment, answerComments, jonas, maya } from '../comments/test-helpers';
import { ActivityDetailPage } from './components/activity-detail-page';
import { activityDetailFixture, serveActivityPage } from './detail-test-helpers';

const ACTIVITY_ID = 901;

/** A comment on activity 901 as `GET /api/activity/comment` answers it (the feed comment with `activityId`). */
function anActivityComment(over: Parameters<typeof aComment>[0] = {}): ActivityComment {
  const { feedId: _feedId, reply, ...comment } = aComment(over);
  return { ...comment, activityId: ACTIVITY_ID, reply: reply.map(({ feedId: _replyFeedId, ...r }) => ({ ...r, activityId: ACTIVITY_ID })) };
}

/** One comment as the activity's save and edit calls answer it (no replies). */
function anActivityReply(over: Parameters<typeof aComment>[0] = {}): ActivityReply {
  const { reply: _reply, replyCount: _replyCount, replyCursor: _replyCursor, ...comment } = anActivityComment(over);
  return comment;
}

/** Jonas's ride (901) with `comments` under it, counting `commentCount`; keeps each comment query asked. */
async function openActivityWith(comments: ActivityComment[], commentCount: number) {
  signedInMember();
  serveActivityPage(activityDetailFixture({ commentCount, isOwner: false, author: jonas, hasTrack: false }));
  const asked: string[] = [];
  server.use(
    http.get('/api/activity/comment', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(ok({ list: comments, current_page: 1, last_page: 1, per_page: 20, total: comments.length, next_cursor: null }));
    }),
  );
  const user = userEvent.setup();
  await renderWithProviders(<ActivityDetailPage activityId={ACTIVITY_ID} />, { path: `/activities/${ACTIVITY_ID}` });
  await screen.findByRole('heading', { level: 1, name: 'Morning ride' });
  await waitFor(() => expect(screen.queryByText('Loading comments')).not.toBeInTheDocument());
  return { user, asked };
}

const actionsOf = (text: string) => within(screen.getByText(text).closest('article')!).getAllByRole('group', { name: /^Actions for/ })[0]!;

describe('activityComments', () => {
  it('reads the activity’s comments by activityId, in the thread posts and events have', async () => {
    const { asked } = await openActivityWith([anActivityComment({ comment: 'Strong climb!', author: maya })], 1);
    expect(await screen.findByText('Strong climb!')).toBeInTheDocument();
    expect(asked).toEqual([`?activityId=${ACTIVITY_ID}&page=1`]);
  });

  it('adds a comment with POST /api/activity/comment, and the activity counts one more', async () => {
    const { user } = await openActivityWith([], 0);
    const sent = answerComments<{ activityId: number; comment: string }>('activity/comment', (body) =>
      HttpResponse.json(ok({ comment: anActivityReply({ commentId: 900, comment: body.comment, author: maya }), commentCount: 1 })),
    );
    expect(screen.getByRole('link', { name: '0 comments' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Kudos for that descent{Enter}');

    expect(await screen.findByRole('link', { name: '1 comment' })).toHaveAttribute('href', `/activities/${ACTIVITY_ID}#comments`);
    expect(sent).toEqual([{ activityId: ACTIVITY_ID, comment: 'Kudos for that descent' }]);
    expect(screen.getByText('Kudos for that descent')).toBeInTheDocument();
  });

  it('deletes the member’s own comment with DELETE /api/activity/comment, and the activity counts one fewer', async () => {
    const { user } = await openActivityWith([anActivityComment({ commentId: 12, comment: 'Wrong ride, sorry', author: maya })], 1);
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/activity/comment', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ commentId: 12, parentId: 0, commentCount: 0 }));
      }),
    );
    await user.click(within(actionsOf('Wrong ride, sorry')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('link', { name: '0 comments' })).toBeInTheDocument();
    expect(bodies).toEqual([{ activityId: ACTIVITY_ID, commentId: 12 }]);
    expect(screen.queryByText('Wrong ride, sorry')).not.toBeInTheDocument();
  });
});
