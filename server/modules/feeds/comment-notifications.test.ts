import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationList } from '#contract/notifications';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { commentHelpers, type Member } from './comment-test-helpers';

// Issue 5: comments, replies, mentions in comments and comment likes tell the members concerned, through the
// notifications module (settings honoured), never for one's own action, and never about a post they may not see.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const { send, member, toggle, listen, post, add, edit, like, remove } = commentHelpers(() => t);

const inbox = async (who: Member) => okData(await send('GET', '/api/notifications', who.token), notificationList).list;
const sentences = async (who: Member) => (await inbox(who)).map((n) => n.message);
/** How many notifications a member's rows stand for (repeats on one post are one row, issue 19). */
const told = async (who: Member) => (await inbox(who)).reduce((sum, n) => sum + n.groupedCount, 0);
const turnOff = async (who: Member, kind: 'comments' | 'mentions' | 'likes') =>
  expect((await send('POST', '/api/notification-setting', who.token, { settings: [{ kind, inApp: false, email: false }] })).statusCode).toBe(200);

describe('comment notifications', () => {
  it('the post’s author is told of a comment, with a link to the post; live too', async () => {
    const a = await member();
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    const feedId = await post(a);
    const heard = listen();
    const { commentId } = (await add(b, feedId, 'Nice!')).comment;
    heard.stop();
    expect(await inbox(a)).toMatchObject([
      { kind: 'comments', message: 'Robin Ridge commented on your post.', subjectType: 'comment', subjectId: commentId, parentId: feedId, actor: { userId: b.userId }, isRead: false },
    ]);
    expect(heard.to(a.userId)).toMatchObject([{ type: 'notification', notification: { kind: 'comments', subjectId: commentId } }]);
    expect(await inbox(b)).toEqual([]);
  });

  it('a reply tells the parent comment’s author and the post’s author, each once, and never the one replying', async () => {
    const a = await member({ firstName: 'Ana', lastName: 'Post' });
    const b = await member({ firstName: 'Ben', lastName: 'Top' });
    const c = await member({ firstName: 'Cy', lastName: 'Reply' });
    const feedId = await post(a);
    const top = (await add(b, feedId, 'First')).comment;
    await add(c, feedId, 'Second', top.commentId);
    expect(await sentences(b)).toEqual(['Cy Reply replied to your comment.']);
    expect(await sentences(a)).toEqual(['Cy Reply and 1 other commented on your post.']);

    // The post's author replying on their own post tells the comment's author only.
    await add(a, feedId, 'Thanks', top.commentId);
    expect(await sentences(b)).toEqual(['Ana Post and 1 other replied to your comment.']);
    expect(await told(a)).toBe(2);
    // Replying under your own comment on your own post tells nobody.
    const own = (await add(a, feedId, 'My own')).comment;
    await add(a, feedId, 'And again', own.commentId);
    expect(await told(a)).toBe(2);
  });

  it('mentions tell members who may see the post; a mention of one who may not, or of yourself, tells nobody', async () => {
    const a = await member({ private: true });
    const b = await member({ firstName: 'Bo', lastName: 'Writer' });
    const seer = await member();
    const outsider = await member();
    await toggle('POST', '/api/follow', b, a.userId);
    await toggle('POST', '/api/follow/accept', a, b.userId);
    await toggle('POST', '/api/follow', seer, a.userId);
    await toggle('POST', '/api/follow/accept', a, seer.userId);
    // Both mentionable by B (they follow B), but only `seer` may see A's private post.
    await toggle('POST', '/api/follow', seer, b.userId);
    await toggle('POST', '/api/follow', outsider, b.userId);
    const feedId = await post(a);

    const mentions = async (who: Member) => (await inbox(who)).filter((n) => n.kind === 'mentions');
    const { commentId } = (await add(b, feedId, `@${seer.handleName} @${outsider.handleName} @${b.handleName} @${a.handleName} look`)).comment;
    expect(await mentions(seer)).toMatchObject([{ message: 'Bo Writer mentioned you in a comment.', subjectType: 'comment', subjectId: commentId, parentId: feedId }]);
    expect(await mentions(outsider)).toEqual([]);
    expect(await mentions(b)).toEqual([]);
    // The post's author, mentioned too, is told once: of the comment.
    expect((await inbox(a)).filter((n) => n.subjectType === 'comment')).toMatchObject([{ kind: 'comments', subjectId: commentId }]);
  });

  it('an edit tells only members newly mentioned', async () => {
    const a = await member();
    const b = await member();
    const first = await member();
    const second = await member();
    await toggle('POST', '/api/follow', b, first.userId);
    await toggle('POST', '/api/follow', b, second.userId);
    const feedId = await post(a);
    const { commentId } = (await add(b, feedId, `Hi @${first.handleName}`)).comment;
    await edit(b, feedId, commentId, `Hi @${first.handleName} and @${second.handleName}`);
    await edit(b, feedId, commentId, `Hello @${first.handleName} and @${second.handleName}`);
    const mentions = async (who: Member) => (await inbox(who)).filter((n) => n.kind === 'mentions');
    expect(await mentions(first)).toHaveLength(1);
    expect(await mentions(second)).toMatchObject([{ subjectId: commentId }]);
  });

  it('a like tells the comment’s author once, not again after an unlike and like, and never for your own', async () => {
    const a = await member({ firstName: 'Ada', lastName: 'Liker' });
    const b = await member();
    const feedId = await post(a);
    const { commentId } = (await add(b, feedId, 'Like this')).comment;
    await like(a, commentId);
    await like(a, commentId, false);
    await like(a, commentId);
    expect(await inbox(b)).toMatchObject([{ kind: 'likes', message: 'Ada Liker liked your comment.', subjectType: 'comment', subjectId: commentId, parentId: feedId }]);
    await like(b, commentId);
    expect(await inbox(b)).toHaveLength(1);
  });

  it('honours each member’s settings', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    // C may mention B, who follows C.
    await toggle('POST', '/api/follow', b, c.userId);
    await turnOff(a, 'comments');
    await turnOff(b, 'comments');
    await turnOff(b, 'mentions');
    await turnOff(b, 'likes');
    const feedId = await post(a);
    const top = (await add(b, feedId, 'Quiet please')).comment;
    const reply = (await add(c, feedId, `Sure @${b.handleName}`, top.commentId)).comment;
    await like(c, top.commentId);
    expect(reply.tagUser).toMatchObject([{ userId: b.userId }]);
    expect(await inbox(a)).toEqual([]);
    expect(await inbox(b)).toEqual([]);
  });

  it('deleting a comment takes the notifications about it and its replies away', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const feedId = await post(a);
    const top = (await add(b, feedId, 'Soon gone')).comment;
    await add(c, feedId, 'Me too', top.commentId);
    await like(c, top.commentId);
    const kept = (await add(c, feedId, 'Staying')).comment;
    expect(await told(a)).toBe(3);
    expect(await told(b)).toBe(2);
    await remove(a, feedId, top.commentId);
    expect(await inbox(a)).toMatchObject([{ subjectId: kept.commentId }]);
    expect(await inbox(b)).toEqual([]);
  });
});
