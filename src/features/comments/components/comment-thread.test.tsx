import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMENT_MAX, type Feed, type FeedReply } from '#contract/feeds';
import type { ClientMessage, LiveComment, LiveMessage } from '#contract/realtime';
import { liveSocket } from '../../../lib/live-socket';
import { fail, managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { feedKeys } from '../../feeds/api';
import { anOwnFeed } from '../../feeds/form/test-helpers';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { feedComments } from '../../feeds/feed-comments';
import { FakeSocket } from '../../notifications/test-helpers';
import { aComment, answerComments, aReply, jonas, maya, priya, serveComments } from '../test-helpers';
import { CommentThread } from './comment-thread';

const FEED_ID = 41;

/** The thread of post 41 by `ownerId`, with the post cached the way the page around it caches it. */
async function renderThread({ ownerId = jonas.userId, commentCount = 3 }: { ownerId?: number; commentCount?: number } = {}) {
  const utils = await renderWithProviders(<CommentThread adapter={feedComments} subjectId={FEED_ID} moderatorIds={[ownerId]} />, { path: `/feeds/${FEED_ID}` });
  utils.queryClient.setQueryData(feedKeys.detail(FEED_ID), anOwnFeed({ id: FEED_ID, author: ownerId === maya.userId ? maya : jonas, commentCount }));
  await waitFor(() => expect(screen.queryByText('Loading comments')).not.toBeInTheDocument());
  const commentCountNow = () => utils.queryClient.getQueryData<Feed>(feedKeys.detail(FEED_ID))?.commentCount;
  return { ...utils, commentCountNow };
}

/** Each text appears after the one before it on the page. */
function expectInOrder(...texts: string[]) {
  const nodes = texts.map((t) => screen.getByText(t));
  nodes.slice(1).forEach((node, i) => expect(nodes[i]!.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy());
}

const articleOf = (text: string) => screen.getByText(text).closest('article')!;
const actionsOf = (text: string) => within(articleOf(text)).getAllByRole('group', { name: /^Actions for/ })[0]!;

describe('CommentThread', () => {
  it('shows top-level comments newest first with their replies under them, oldest first, the rest on request', async () => {
    signedInMember();
    serveComments([
      [
        aComment({ commentId: 2, comment: 'Newest comment', author: priya }),
        aComment({
          commentId: 1,
          comment: 'What a climb',
          reply: [
            aReply({ commentId: 11, parentId: 1, comment: 'First reply', author: maya }),
            aReply({ commentId: 12, parentId: 1, comment: 'Second reply', author: priya }),
            aReply({ commentId: 13, parentId: 1, comment: 'Third reply' }),
          ],
        }),
      ],
    ]);
    const user = userEvent.setup();
    await renderThread();

    expectInOrder('Newest comment', 'What a climb', 'First reply', 'Second reply');
    const replies = screen.getByRole('list', { name: 'Replies to Jonas Berg' });
    expect(within(replies).getByText('First reply')).toBeInTheDocument();
    expect(within(replies).getByText('Second reply')).toBeInTheDocument();
    expect(screen.queryByText('Third reply')).not.toBeInTheDocument();
    expect(within(articleOf('Newest comment')).queryByRole('list')).not.toBeInTheDocument();
    expect(within(articleOf('First reply')).getByRole('link', { name: 'Maya Torres' })).toHaveAttribute('href', '/profile/mayatrails');

    await user.click(screen.getByRole('button', { name: 'View 1 more reply' }));
    expect(within(replies).getByText('Third reply')).toBeInTheDocument();
    expectInOrder('Second reply', 'Third reply');
    expect(screen.getByRole('button', { name: 'Show fewer replies' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a new comment first at once, then the saved one, and the post counts one more', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Older comment' })]]);
    const answer = gate();
    const sent = answerComments<{ comment: string }>('feed/comment', async ({ comment }) => {
      await answer.opened;
      return HttpResponse.json(ok({ comment: aReply({ commentId: 50, comment, author: maya, createdAt: new Date().toISOString() }), commentCount: 4 }));
    });
    const user = userEvent.setup();
    const { commentCountNow } = await renderThread({ commentCount: 3 });
    const box = screen.getByRole('textbox', { name: 'Add a comment' });

    // Shift+Enter is a new line; Enter sends.
    await user.type(box, 'Lovely views{Shift>}{Enter}{/Shift}Back next week{Enter}');
    expect(box).toHaveValue('');
    // The line break is kept; the matcher reads it as a space.
    const pending = articleOf('Lovely views Back next week');
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(within(pending).getByText('Sending…')).toBeInTheDocument();
    expectInOrder('Sending…', 'Older comment');

    answer.open();
    await waitFor(() => expect(articleOf('Lovely views Back next week')).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    expect(within(actionsOf('Lovely views Back next week')).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(commentCountNow()).toBe(4);
    expect(sent).toEqual([{ feedId: FEED_ID, comment: 'Lovely views\nBack next week' }]);
  });

  it('takes a comment the server refused back out, puts its text back in the box, and says why once', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Older comment' })]]);
    answerComments('feed/comment', () => HttpResponse.json(fail(403, 'You may not comment on this post.'), { status: 403 }));
    const user = userEvent.setup();
    const { commentCountNow } = await renderThread({ commentCount: 3 });
    const box = screen.getByRole('textbox', { name: 'Add a comment' });

    await user.type(box, 'Lovely views{Enter}');
    expect(await screen.findByText('You may not comment on this post.')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Lovely views'));
    // The text is in the box only, not in the thread.
    expect(within(screen.getByRole('list', { name: 'Comments' })).queryByText('Lovely views')).not.toBeInTheDocument();
    expect(screen.getAllByText('You may not comment on this post.')).toHaveLength(1);
    expect(commentCountNow()).toBe(3);
  });

  it('will not send an empty comment or one over the limit', async () => {
    signedInMember();
    serveComments([[]]);
    const sent = answerComments('feed/comment', () => HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }));
    const user = userEvent.setup();
    await renderThread();
    expect(screen.getByText('No comments yet. Start the conversation.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();

    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(COMMENT_MAX + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('A comment can be up to 2,000 characters.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('opens a reply box under the comment, and the reply goes last under its parent', async () => {
    signedInMember();
    serveComments([
      [
        aComment({ commentId: 2, comment: 'Another comment', author: priya }),
        aComment({ commentId: 1, comment: 'What a climb', reply: [aReply({ commentId: 11, parentId: 1, comment: 'Earlier reply', author: priya })] }),
      ],
    ]);
    const sent = answerComments<{ parentId: number; comment: string }>('feed/comment', ({ parentId, comment }) =>
      HttpResponse.json(ok({ comment: aReply({ commentId: 60, parentId, comment, author: maya }), commentCount: 5 })),
    );
    const user = userEvent.setup();
    const { commentCountNow } = await renderThread({ commentCount: 4 });

    const reply = within(actionsOf('What a climb')).getByRole('button', { name: 'Reply' });
    await user.click(reply);
    expect(screen.getByRole('textbox', { name: 'Reply to Jonas Berg' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reply to Jonas Berg' })).not.toBeInTheDocument();
    expect(reply).toHaveFocus();

    await user.click(reply);
    await user.keyboard('See you at the top{Enter}');
    const replies = screen.getByRole('list', { name: 'Replies to Jonas Berg' });
    expect(within(replies).getByText('See you at the top')).toBeInTheDocument();
    expectInOrder('Earlier reply', 'See you at the top');
    await waitFor(() => expect(commentCountNow()).toBe(5));
    expect(articleOf('See you at the top')).not.toHaveAttribute('aria-busy');
    expect(within(articleOf('Another comment')).queryByText('See you at the top')).not.toBeInTheDocument();
    expect(sent).toEqual([{ feedId: FEED_ID, parentId: 1, comment: 'See you at the top' }]);
    expect(reply).toHaveFocus();

    // Answering a reply stays one level deep, under the same parent, and mentions whom it answers.
    await user.click(within(actionsOf('Earlier reply')).getByRole('button', { name: 'Reply' }));
    const box = screen.getByRole('textbox', { name: 'Reply to Jonas Berg' });
    expect(box).toHaveValue('@priyahikes ');
    expect(box).toHaveFocus();
  });

  it('asks before Escape or Cancel throws a reply away, and closes an untouched one at once', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'What a climb', reply: [aReply({ commentId: 11, parentId: 1, comment: 'Earlier reply', author: priya })] })]]);
    const user = userEvent.setup();
    await renderThread();
    const reply = within(actionsOf('What a climb')).getByRole('button', { name: 'Reply' });
    const box = () => screen.getByRole('textbox', { name: 'Reply to Jonas Berg' });

    await user.click(reply);
    await user.keyboard('Same time next week?{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Discard this reply?' });
    expect(question).toHaveAccessibleDescription('What you wrote will be lost.');
    expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    // Escape in the question keeps editing: the text is there and typing goes on where it was.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(box()).toHaveValue('Same time next week?');
    expect(box()).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(box()).toHaveValue('Same time next week?');

    await user.click(box());
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('textbox', { name: 'Reply to Jonas Berg' })).not.toBeInTheDocument();
    expect(reply).toHaveFocus();

    // Opened on a reply, the box holds only the mention it put there: nothing typed, nothing to ask about.
    await user.click(within(actionsOf('Earlier reply')).getByRole('button', { name: 'Reply' }));
    expect(box()).toHaveValue('@priyahikes ');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply to Jonas Berg' })).not.toBeInTheDocument();
  });

  it('asks before leaving the page with a comment written and not posted', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'What a climb' })]]);
    const user = userEvent.setup();
    const { router } = await renderThread();
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Great photos');
    await user.click(within(articleOf('What a climb')).getByRole('link', { name: 'Jonas Berg' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe(`/feeds/${FEED_ID}`);
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('Great photos');

    await user.click(within(articleOf('What a climb')).getByRole('link', { name: 'Jonas Berg' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard this comment?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/profile/${jonas.handleName}`);
  });

  it('offers an associate whose owner allows neither comments nor reactions no box, Reply, Edit or Like, but Delete', async () => {
    signedInMember({ managedBy: managedBy('post') });
    serveComments([[aComment({ commentId: 2, comment: 'Mine from before', author: maya, likeCount: 3 }), aComment({ commentId: 1, comment: 'Someone else’s', author: jonas })]]);
    await renderThread();

    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    const mine = within(actionsOf('Mine from before'));
    expect(mine.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(mine.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(mine.getByRole('button', { name: 'Delete' })).toBeEnabled();
    // The likes still count; the button does not click.
    expect(mine.getByRole('button', { name: 'Like, 3 likes' })).toBeDisabled();
    expect(within(actionsOf('Someone else’s')).getByRole('button', { name: 'Report' })).toBeEnabled();
  });

  it('gives an associate allowed to comment and react the box, Reply and Like', async () => {
    signedInMember({ managedBy: managedBy('comment', 'react') });
    serveComments([[aComment({ commentId: 1, comment: 'Someone else’s', author: jonas })]]);
    await renderThread();

    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeInTheDocument();
    expect(within(actionsOf('Someone else’s')).getByRole('button', { name: 'Reply' })).toBeEnabled();
    expect(within(actionsOf('Someone else’s')).getByRole('button', { name: 'Like, 0 likes' })).toBeEnabled();
  });

  it('lets the author edit their own comment inline, and nobody else', async () => {
    signedInMember();
    serveComments([
      [aComment({ commentId: 2, comment: 'My first tyop', author: maya }), aComment({ commentId: 1, comment: 'Not yours to edit', author: jonas })],
    ]);
    const answer = gate();
    const sent = answerComments<{ comment: string }>('feed/updateFeedComment', async ({ comment }) => {
      await answer.opened;
      return HttpResponse.json(ok(aReply({ commentId: 2, comment, author: maya, editedAt: '2026-05-17T10:00:00.000Z' })));
    });
    const user = userEvent.setup();
    await renderThread();

    expect(within(actionsOf('Not yours to edit')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(actionsOf('Not yours to edit')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const edit = within(actionsOf('My first tyop')).getByRole('button', { name: 'Edit' });
    await user.click(edit);
    const box = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('My first tyop');
    await user.keyboard(' changed my mind{Escape}');
    // Escape with a change asks; Keep editing keeps it, Discard drops it.
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Edit your comment' })).toHaveValue('My first tyop changed my mind');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Discard changes?' })).toHaveAccessibleDescription('Your changes to this comment will be lost.');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).not.toBeInTheDocument();
    expect(screen.getByText('My first tyop')).toBeInTheDocument();
    expect(within(actionsOf('My first tyop')).getByRole('button', { name: 'Edit' })).toHaveFocus();

    await user.click(within(actionsOf('My first tyop')).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit your comment' }));
    await user.keyboard('My first typo{Enter}');
    expect(within(articleOf('My first typo')).getByText('Saving…')).toBeInTheDocument();
    answer.open();
    await waitFor(() => expect(within(articleOf('My first typo')).getByText('edited')).toBeInTheDocument());
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    expect(sent).toEqual([{ feedId: FEED_ID, commentId: 2, comment: 'My first typo' }]);
  });

  it('puts the old text back and reopens the editor when an edit fails', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 2, comment: 'Original words', author: maya })]]);
    answerComments('feed/updateFeedComment', () => HttpResponse.json(fail(409, 'This comment changed meanwhile.'), { status: 409 }));
    const user = userEvent.setup();
    await renderThread();

    await user.click(within(actionsOf('Original words')).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit your comment' }));
    await user.keyboard('New words{Enter}');
    expect(await screen.findByText('This comment changed meanwhile.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Edit your comment' })).toHaveValue('New words');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.getByText('Original words')).toBeInTheDocument();
    expect(within(articleOf('Original words')).queryByText('edited')).not.toBeInTheDocument();
  });

  it('deletes your own comment after confirming, and the post counts one fewer', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 2, comment: 'Delete me', author: maya }), aComment({ commentId: 1, comment: 'Stays', author: jonas })]]);
    const sent = answerComments('feed/delete-comment', () => HttpResponse.json(ok({ commentId: 2, parentId: 0, commentCount: 2 })));
    const user = userEvent.setup();
    const { commentCountNow } = await renderThread({ commentCount: 3 });

    await user.click(within(actionsOf('Delete me')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    expect(screen.getByText('Delete me')).toBeInTheDocument();

    await user.click(within(actionsOf('Delete me')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByText('Delete me')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments' })).toHaveFocus();
    await waitFor(() => expect(commentCountNow()).toBe(2));
    expect(sent).toEqual([{ feedId: FEED_ID, commentId: 2 }]);
    expect(screen.getByText('Stays')).toBeInTheDocument();
  });

  it("lets the post's author delete anyone's reply: it leaves its parent", async () => {
    signedInMember();
    serveComments([
      [
        aComment({
          commentId: 1,
          comment: 'Great post',
          author: jonas,
          reply: [aReply({ commentId: 11, parentId: 1, comment: 'Rude reply', author: priya }), aReply({ commentId: 12, parentId: 1, comment: 'Kind reply' })],
        }),
      ],
    ]);
    const sent = answerComments('feed/delete-comment', () => HttpResponse.json(ok({ commentId: 11, parentId: 1, commentCount: 2 })));
    const user = userEvent.setup();
    const { commentCountNow } = await renderThread({ ownerId: maya.userId, commentCount: 3 });

    expect(within(actionsOf('Great post')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(actionsOf('Great post')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(within(actionsOf('Rude reply')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    const replies = screen.getByRole('list', { name: 'Replies to Jonas Berg' });
    expect(within(replies).queryByText('Rude reply')).not.toBeInTheDocument();
    expect(within(replies).getByText('Kind reply')).toBeInTheDocument();
    await waitFor(() => expect(commentCountNow()).toBe(2));
    expect(sent).toEqual([{ feedId: FEED_ID, commentId: 11 }]);
  });

  it('brings a deleted comment back when the server refuses', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 2, comment: 'Still here', author: maya })]]);
    answerComments('feed/delete-comment', () => HttpResponse.json(fail(404, 'This comment is gone.'), { status: 404 }));
    const user = userEvent.setup();
    const { commentCountNow } = await renderThread({ commentCount: 1 });

    await user.click(within(actionsOf('Still here')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This comment is gone.')).toBeInTheDocument();
    expect(await screen.findByText('Still here')).toBeInTheDocument();
    expect(commentCountNow()).toBe(1);
  });

  it('does not offer Delete on other people’s comments under someone else’s post', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Their comment', author: priya })]]);
    await renderThread({ ownerId: jonas.userId });
    expect(within(actionsOf('Their comment')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(actionsOf('Their comment')).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
  });

  it('likes a comment at once; rapid clicks settle on the server with at most two requests', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Likeable', likeCount: 4 })]]);
    const releases: (() => void)[] = [];
    const sent = answerComments<{ commentId: number; isLiked: boolean }>('feed/comment/like', async ({ isLiked }) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      return HttpResponse.json(ok(aReply({ commentId: 1, comment: 'Likeable', isLiked, likeCount: isLiked ? 5 : 4 })));
    });
    const user = userEvent.setup();
    await renderThread();
    const like = () => within(actionsOf('Likeable')).getByRole('button', { name: /^Like/ });

    expect(like()).toHaveAttribute('aria-pressed', 'false');
    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    expect(like()).toHaveAccessibleName('Like, 5 likes');
    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    await user.click(like());
    expect(like()).toHaveAttribute('aria-pressed', 'true');

    // The first answer (liked) is already the last wish: nothing more goes out.
    await waitFor(() => expect(releases).toHaveLength(1));
    releases.shift()!();
    await waitFor(() => expect(sent).toEqual([{ commentId: 1, isLiked: true }]));
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    expect(like()).toHaveAccessibleName('Like, 5 likes');
  });

  it('restores the like when the server refuses it', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Likeable', likeCount: 4 })]]);
    answerComments('feed/comment/like', () => HttpResponse.json(fail(404, 'This comment is gone.'), { status: 404 }));
    const user = userEvent.setup();
    await renderThread();
    const like = () => within(actionsOf('Likeable')).getByRole('button', { name: /^Like/ });

    await user.click(like());
    expect(await screen.findByText('This comment is gone.')).toBeInTheDocument();
    await waitFor(() => expect(like()).toHaveAttribute('aria-pressed', 'false'));
    expect(like()).toHaveAccessibleName('Like, 4 likes');
  });

  it('loads older comments with the cursor the page before gave', async () => {
    signedInMember();
    const asked = serveComments([
      [aComment({ commentId: 3, comment: 'Page one comment' })],
      [aComment({ commentId: 2, comment: 'Page two comment', author: priya })],
    ]);
    const user = userEvent.setup();
    await renderThread();

    expect(screen.queryByText('Page two comment')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Page two comment')).toBeInTheDocument();
    expectInOrder('Page one comment', 'Page two comment');
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
    expect(asked.map((p) => Object.fromEntries(p))).toEqual([
      { feedId: String(FEED_ID), page: '1' },
      { feedId: String(FEED_ID), page: '2', cursor: 'after-1' },
    ]);
  });

  it('says in place when the comments cannot be loaded, and tries again', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Back again' })]]);
    // msw asks the handler added last first: the first request fails, the next is served.
    server.use(http.get('/api/feed/comment', () => HttpResponse.json(fail(503, 'Comments are resting. Try again soon.'), { status: 503 }), { once: true }));
    const user = userEvent.setup();
    await renderThread();

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The comments could not be loaded.');
    expect(alert).toHaveTextContent('Comments are resting. Try again soon.');
    // Said once, in place: no toast on top.
    expect(screen.getAllByText('Comments are resting. Try again soon.')).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('shows markup in comments as the characters typed, with tags as links', async () => {
    const corpus = [
      '<img src=x onerror="window.__xss=1">',
      '<script>window.__xss=1</script>',
      '<a href="javascript:window.__xss=1">click me</a>',
      '<svg onload="window.__xss=1"><circle r="5"/></svg>',
    ];
    signedInMember();
    serveComments([
      [
        ...corpus.map((comment, i) => aComment({ commentId: 10 + i, comment })),
        aComment({ commentId: 1, comment: 'Riding #gravel with @priyahikes and @nobody', hashtags: ['gravel'], tagUser: [priya] }),
      ],
    ]);
    await renderThread();

    const thread = screen.getByRole('list', { name: 'Comments' });
    for (const text of corpus) expect(within(thread).getByText(text)).toBeInTheDocument();
    expect(thread.querySelector('img, script, svg circle, a[href^="javascript"]')).toBeNull();
    expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
    const tagged = screen.getByRole('link', { name: '#gravel' }).closest('article')!;
    expect(within(tagged).getByRole('link', { name: '#gravel' })).toHaveAttribute('href', expect.stringContaining('/feeds?search=%23gravel'));
    expect(within(tagged).getByRole('link', { name: '@priyahikes' })).toHaveAttribute('href', '/profile/priyahikes');
    expect(within(tagged).queryByRole('link', { name: '@nobody' })).not.toBeInTheDocument();
  });

  it('shows more replies page by page from where the loaded ones end, and the button goes at the end', async () => {
    signedInMember();
    const reply = (commentId: number, over: Partial<FeedReply> = {}) => aReply({ commentId, parentId: 1, comment: `Reply ${commentId}`, author: priya, ...over });
    serveComments([[aComment({ commentId: 1, comment: 'Busy thread', reply: [reply(11), reply(12)], replyCount: 5, replyCursor: 'from-12' })]]);
    const asked: Record<string, string>[] = [];
    const pages: Record<string, { list: FeedReply[]; next_cursor: string | null }> = {
      'from-12': { list: [reply(13), reply(14, { author: jonas })], next_cursor: 'from-14' },
      'from-14': { list: [reply(15)], next_cursor: null },
    };
    // The first ask for the last page fails; the button says so and asks again.
    let failOnce = true;
    server.use(
      http.get('/api/feed/comment', ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        if (!params.parentId) return undefined;
        asked.push(params);
        if (params.cursor === 'from-14' && failOnce) {
          failOnce = false;
          return HttpResponse.json(fail(503, 'Replies are resting.'), { status: 503 });
        }
        const page = pages[params.cursor!]!;
        return HttpResponse.json(ok({ ...page, current_page: 2, last_page: 3, per_page: 50, total: 5 }));
      }),
    );
    const likes = answerComments<{ commentId: number; isLiked: boolean }>('feed/comment/like', ({ commentId, isLiked }) =>
      HttpResponse.json(ok(reply(commentId, { author: jonas, isLiked, likeCount: 1 }))),
    );
    const user = userEvent.setup();
    const { queryClient } = await renderThread();

    const replies = screen.getByRole('list', { name: 'Replies to Jonas Berg' });
    await user.click(screen.getByRole('button', { name: 'Show 3 more replies' }));
    expect(await within(replies).findByText('Reply 14')).toBeInTheDocument();
    expectInOrder('Reply 11', 'Reply 12', 'Reply 13', 'Reply 14');

    // The thread fetched again (focus, reconnect) brings only the first replies: the loaded ones stay, and so does the
    // place the button goes on from.
    await queryClient.refetchQueries({ queryKey: feedComments.queryKey(FEED_ID) });
    expectInOrder('Reply 11', 'Reply 12', 'Reply 13', 'Reply 14');
    expect(screen.getByRole('button', { name: 'Show 1 more reply' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show 1 more reply' }));
    const retry = await screen.findByRole('button', { name: 'Could not load replies. Try again' });
    expect(screen.queryByText('Replies are resting.')).not.toBeInTheDocument();
    await user.click(retry);
    expect(await within(replies).findByText('Reply 15')).toBeInTheDocument();
    expectInOrder('Reply 14', 'Reply 15');
    expect(screen.queryByRole('button', { name: /more repl/ })).not.toBeInTheDocument();
    expect(replies).toHaveFocus();
    expect(asked).toEqual([
      { feedId: String(FEED_ID), parentId: '1', cursor: 'from-12' },
      { feedId: String(FEED_ID), parentId: '1', cursor: 'from-14' },
      { feedId: String(FEED_ID), parentId: '1', cursor: 'from-14' },
    ]);

    // A loaded reply is liked like any other.
    await user.click(within(actionsOf('Reply 14')).getByRole('button', { name: 'Like, 0 likes' }));
    await waitFor(() => expect(likes).toEqual([{ commentId: 14, isLiked: true }]));
    expect(within(actionsOf('Reply 14')).getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');
  });
});

/** A socket that also keeps what the app sends on it. */
class SendingSocket extends FakeSocket {
  sent: ClientMessage[] = [];
  send(frame: string) {
    this.sent.push(JSON.parse(frame) as ClientMessage);
  }
}

describe('CommentThread, live', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The thread with the app's live connection open (the signed-in layout holds it). */
  async function renderLive() {
    SendingSocket.all = [];
    vi.stubGlobal('WebSocket', SendingSocket);
    const view = await renderThread({ commentCount: 1 });
    const stopHolding = liveSocket.listen({});
    const socket = SendingSocket.latest() as SendingSocket;
    act(() => socket.serverOpens());
    const push = (message: LiveMessage) => act(() => socket.serverSends(message));
    return { ...view, socket, push, stopHolding };
  }

  /** A comment as a live message carries it: without the post's id. */
  const live = (over: Partial<FeedReply>): LiveComment => {
    const { feedId: _feedId, ...comment } = aReply(over);
    return comment;
  };
  const added = (over: Partial<FeedReply>, commentCount: number): LiveMessage => ({ type: 'comment-added', subject: 'feed', subjectId: FEED_ID, comment: live(over), commentCount });

  it('watches the open thread, and a comment someone adds shows once, with the post counting it', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Older comment' })]]);
    const { socket, push, commentCountNow, unmount, stopHolding } = await renderLive();
    expect(socket.sent).toEqual([{ type: 'watch', subject: 'feed', id: FEED_ID }]);

    push(added({ commentId: 60, comment: 'Just got back from the ridge', author: priya }, 2));
    expect(await screen.findByText('Just got back from the ridge')).toBeInTheDocument();
    expectInOrder('Just got back from the ridge', 'Older comment');
    await waitFor(() => expect(commentCountNow()).toBe(2));
    // Heard twice (another process, a retried delivery): still once.
    push(added({ commentId: 60, comment: 'Just got back from the ridge', author: priya }, 2));
    push(added({ commentId: 61, parentId: 1, comment: 'Same here', author: priya }, 3));
    push({ type: 'comment-added', subject: 'feed', subjectId: FEED_ID + 1, comment: live({ commentId: 62, comment: 'Another post' }), commentCount: 1 });
    expect(await screen.findByText('Same here')).toBeInTheDocument();
    expect(screen.getAllByText('Just got back from the ridge')).toHaveLength(1);
    expect(screen.queryByText('Another post')).not.toBeInTheDocument();
    await waitFor(() => expect(commentCountNow()).toBe(3));

    push({ type: 'comment-edited', subject: 'feed', subjectId: FEED_ID, comment: live({ commentId: 1, comment: 'Older comment, edited', editedAt: '2026-05-17T10:00:00.000Z' }) });
    expect(await screen.findByText('Older comment, edited')).toBeInTheDocument();
    // Someone likes the reply: its count goes up; whether this member likes it stays theirs.
    push({ type: 'comment-liked', subject: 'feed', subjectId: FEED_ID, commentId: 61, likeCount: 4 });
    await waitFor(() => expect(within(actionsOf('Same here')).getByRole('button', { name: 'Like, 4 likes' })).toHaveAttribute('aria-pressed', 'false'));
    push({ type: 'comment-deleted', subject: 'feed', subjectId: FEED_ID, commentId: 60, parentId: 0, commentCount: 2 });
    await waitFor(() => expect(screen.queryByText('Just got back from the ridge')).not.toBeInTheDocument());
    await waitFor(() => expect(commentCountNow()).toBe(2));

    unmount();
    expect(socket.sent.at(-1)).toEqual({ type: 'unwatch', subject: 'feed', id: FEED_ID });
    stopHolding();
  });

  it('never shows the member’s own new comment twice when the live message beats the answer', async () => {
    signedInMember();
    serveComments([[aComment({ commentId: 1, comment: 'Older comment' })]]);
    const answer = gate();
    answerComments<{ comment: string }>('feed/comment', async ({ comment }) => {
      await answer.opened;
      return HttpResponse.json(ok({ comment: aReply({ commentId: 70, comment, author: maya }), commentCount: 2 }));
    });
    const { push, commentCountNow, stopHolding } = await renderLive();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'On my way{Enter}');
    expect(articleOf('On my way')).toHaveAttribute('aria-busy', 'true');
    push(added({ commentId: 70, comment: 'On my way', author: maya }, 2));
    await waitFor(() => expect(articleOf('On my way')).not.toHaveAttribute('aria-busy'));
    expect(screen.getAllByText('On my way')).toHaveLength(1);

    answer.open();
    await waitFor(() => expect(commentCountNow()).toBe(2));
    expect(screen.getAllByText('On my way')).toHaveLength(1);
    expect(within(actionsOf('On my way')).getByRole('button', { name: 'Edit' })).toBeEnabled();
    stopHolding();
  });
});
