import { describe, expect, it, vi } from 'vitest';
import { MAX_WATCHED_THREADS, type ClientMessage, type LiveMessage } from '#contract/realtime';
import { eventCommentHelpers } from '../modules/events/event-comment-test-helpers';
import { inviteToEvent } from '../modules/events/event-test-rows';
import { commentHelpers, type Member } from '../modules/feeds/comment-test-helpers';
import { socketTestApp, type TestSocket } from './test-socket';
import { RECHECK_MS, threadKey } from './thread-watch';

// Live comment threads (issue 5 follow-up): a member looking at a post or event watches its thread over the live
// socket and hears of each comment added, edited or deleted there, while they may see the subject.

const sockets = socketTestApp({ env: { JOB_POLL_MS: '0' } });

const feeds = commentHelpers(sockets.app);
const events = eventCommentHelpers(sockets.app);
const { member, toggle, post, add, edit, remove, like } = feeds;

/** A socket of `who`'s that sends `frames` the moment it opens, before the server has looked up its session. */
async function socketOf(who: Member, ...frames: ClientMessage[]) {
  const s = sockets.open(who.token);
  s.socket.on('open', () => frames.forEach((f) => s.socket.send(JSON.stringify(f))));
  await vi.waitFor(() => expect(sockets.app().app.liveSockets.count(who.userId)).toBeGreaterThan(0), { timeout: 5000, interval: 10 });
  return s;
}

const watchers = (subject: 'feed' | 'event', id: number) => sockets.app().app.liveSockets.watchersOf(threadKey(subject, id)).map((h) => h.userId);

/** Waits until `who` watches the thread (the server checked and took the watch). */
const watching = (who: Member, subject: 'feed' | 'event', id: number) =>
  vi.waitFor(() => expect(watchers(subject, id)).toContain(who.userId), { timeout: 5000, interval: 10 });

const threadMessages = (s: TestSocket) => s.messages.filter((m): m is Extract<LiveMessage, { type: `comment-${string}` }> => m.type.startsWith('comment-'));

describe('a watched comment thread', () => {
  it('tells its watchers of each comment and reply added, edited and deleted, and nobody else', async () => {
    const author = await member();
    const reader = await member();
    const elsewhere = await member();
    const feedId = await post(author);
    const otherPost = await post(author);
    // Sent as the socket opens: the server holds them until it knows whose socket it is.
    const readerSocket = await socketOf(reader, { type: 'watch', subject: 'feed', id: feedId });
    const elsewhereSocket = await socketOf(elsewhere, { type: 'watch', subject: 'feed', id: otherPost });
    await watching(reader, 'feed', feedId);
    await watching(elsewhere, 'feed', otherPost);

    const top = await add(author, feedId, `Thanks for riding along @${reader.handleName}`);
    const [added] = await readerSocket.received(1);
    expect(added).toEqual({
      type: 'comment-added',
      subject: 'feed',
      subjectId: feedId,
      comment: { ...top.comment, feedId: undefined, isLiked: false },
      commentCount: 1,
    });
    expect(added).not.toHaveProperty(['comment', 'feedId']);

    const reply = await add(reader, feedId, 'Any time', top.comment.commentId);
    await edit(author, feedId, top.comment.commentId, 'Thanks for riding along');
    await remove(author, feedId, reply.comment.commentId);
    await remove(author, feedId, top.comment.commentId);
    await readerSocket.received(5);
    expect(threadMessages(readerSocket).map((m) => [m.type, 'comment' in m ? m.comment.commentId : m.commentId])).toEqual([
      ['comment-added', top.comment.commentId],
      ['comment-added', reply.comment.commentId],
      ['comment-edited', top.comment.commentId],
      ['comment-deleted', reply.comment.commentId],
      ['comment-deleted', top.comment.commentId],
    ]);
    expect(threadMessages(readerSocket)[1]).toMatchObject({ comment: { parentId: top.comment.commentId, comment: 'Any time' }, commentCount: 2 });
    expect(threadMessages(readerSocket)[2]).toMatchObject({ comment: { comment: 'Thanks for riding along', editedAt: expect.any(String) } });
    expect(threadMessages(readerSocket)[4]).toEqual({ type: 'comment-deleted', subject: 'feed', subjectId: feedId, commentId: top.comment.commentId, parentId: 0, commentCount: 0 });
    // A socket watching another post heard none of it.
    expect(threadMessages(elsewhereSocket)).toEqual([]);

    // Unwatched: the next comment reaches the other watcher only.
    const friend = await socketOf(author, { type: 'watch', subject: 'feed', id: feedId });
    readerSocket.socket.send(JSON.stringify({ type: 'unwatch', subject: 'feed', id: feedId } satisfies ClientMessage));
    await vi.waitFor(() => expect(watchers('feed', feedId)).toEqual([author.userId]), { timeout: 5000, interval: 10 });
    await add(elsewhere, feedId, 'Late to the party');
    await friend.received(1);
    expect(threadMessages(readerSocket)).toHaveLength(5);
  });

  it('tells its watchers how many like a comment when someone else likes or unlikes it, but not the one who did', async () => {
    const author = await member();
    const reader = await member();
    const feedId = await post(author);
    const top = await add(author, feedId, 'Who is in for Sunday?');
    const readerSocket = await socketOf(reader, { type: 'watch', subject: 'feed', id: feedId });
    const authorSocket = await socketOf(author, { type: 'watch', subject: 'feed', id: feedId });
    await watching(reader, 'feed', feedId);
    await watching(author, 'feed', feedId);

    const liked = { type: 'comment-liked', subject: 'feed', subjectId: feedId, commentId: top.comment.commentId };
    const heard = (s: TestSocket, n: number) =>
      vi.waitFor(
        () => {
          expect(threadMessages(s).length).toBeGreaterThanOrEqual(n);
          return threadMessages(s);
        },
        { timeout: 5000, interval: 10 },
      );
    await like(reader, top.comment.commentId);
    expect(await heard(authorSocket, 1)).toEqual([{ ...liked, likeCount: 1 }]);
    // Liking again changes nothing and tells nobody; the unlike is heard.
    await like(reader, top.comment.commentId);
    await like(reader, top.comment.commentId, false);
    expect(await heard(authorSocket, 2)).toEqual([
      { ...liked, likeCount: 1 },
      { ...liked, likeCount: 0 },
    ]);
    await like(author, top.comment.commentId);
    // The reader hears the author's like, and nothing of their own two.
    expect(await heard(readerSocket, 1)).toEqual([{ ...liked, likeCount: 1 }]);
    expect(threadMessages(authorSocket)).toHaveLength(2);
  });

  it('is refused to a member who may not see the post, and the socket hears nothing of it', async () => {
    const author = await member({ private: true });
    const stranger = await member();
    const hidden = await post(author);
    const open = await post(await member());
    // Frames run in order: once the second watch is taken, the first has been decided.
    const s = await socketOf(stranger, { type: 'watch', subject: 'feed', id: hidden }, { type: 'watch', subject: 'feed', id: open });
    await watching(stranger, 'feed', open);
    expect(watchers('feed', hidden)).toEqual([]);

    const authorSocket = await socketOf(author, { type: 'watch', subject: 'feed', id: hidden });
    await watching(author, 'feed', hidden);
    await add(author, hidden, 'Members only');
    await authorSocket.received(1);
    await add(stranger, open, 'Public thoughts');
    const [first] = await s.received(1);
    expect(first).toMatchObject({ type: 'comment-added', subjectId: open, comment: { comment: 'Public thoughts' } });
    expect(threadMessages(s)).toHaveLength(1);
  });

  it('stops telling a watcher who has lost sight of the post, once their answer is older than the re-check', async () => {
    const author = await member({ private: true });
    const follower = await member();
    await toggle('POST', '/api/follow', follower, author.userId);
    await toggle('POST', '/api/follow/accept', author, follower.userId);
    const feedId = await post(author);
    const followerSocket = await socketOf(follower, { type: 'watch', subject: 'feed', id: feedId });
    const authorSocket = await socketOf(author, { type: 'watch', subject: 'feed', id: feedId });
    await watching(follower, 'feed', feedId);
    await watching(author, 'feed', feedId);

    await add(author, feedId, 'Before');
    await followerSocket.received(1);

    await toggle('POST', '/api/unFollow', follower, author.userId);
    sockets.app().clock.advance(RECHECK_MS);
    await add(author, feedId, 'After');
    await authorSocket.received(2);
    // Each watcher is re-checked on its own, so the author may hear the second comment before the follower's check
    // has ended: wait for the follower's watch to go, then make sure the comment never reached them.
    await vi.waitFor(() => expect(watchers('feed', feedId)).toEqual([author.userId]), { timeout: 5000 });
    expect(threadMessages(followerSocket).map((m) => m.type === 'comment-added' && m.comment.comment)).toEqual(['Before']);
  });

  it('works the same for an event: an invited member watches it, a stranger may not', async () => {
    const organiser = await member();
    const guest = await member();
    const stranger = await member();
    const eventId = await events.event(organiser, { whoCanSee: 'invite' });
    await inviteToEvent(sockets.app().db, eventId, guest.userId, organiser.userId);
    const own = await post(stranger);
    const guestSocket = await socketOf(guest, { type: 'watch', subject: 'event', id: eventId });
    const strangerSocket = await socketOf(stranger, { type: 'watch', subject: 'event', id: eventId }, { type: 'watch', subject: 'feed', id: own });
    await watching(guest, 'event', eventId);
    await watching(stranger, 'feed', own);
    expect(watchers('event', eventId)).toEqual([guest.userId]);

    const saved = await events.add(organiser, eventId, 'Meet at the bakery');
    const [added] = await guestSocket.received(1);
    expect(added).toMatchObject({ type: 'comment-added', subject: 'event', subjectId: eventId, comment: { commentId: saved.comment.commentId }, commentCount: 1 });
    expect(threadMessages(strangerSocket)).toEqual([]);
  });

  it(`keeps at most ${MAX_WATCHED_THREADS} threads a socket, letting go of the one watched longest`, async () => {
    const reader = await member();
    const posts: number[] = [];
    for (let i = 0; i <= MAX_WATCHED_THREADS; i++) posts.push(await post(reader));
    await socketOf(reader, ...posts.map((id) => ({ type: 'watch' as const, subject: 'feed' as const, id })));
    await watching(reader, 'feed', posts.at(-1)!);
    expect(posts.filter((id) => watchers('feed', id).includes(reader.userId))).toEqual(posts.slice(1));
  });
});

