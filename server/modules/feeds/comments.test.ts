import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedReplyList } from '#contract/feeds';
import { exportSections } from '../account/export-sections';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { commentHelpers, type Member } from './comment-test-helpers';
import { insertComment, REPLIES_SHOWN } from './comments-service';

// Issue 5: threaded comments on posts — the tree (one level of replies), the counts it keeps, paging, editing,
// deleting, likes, who may see a post's comments at all, and text that is stored exactly as written.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const { send, member, toggle, post, shownCount, list, comment, add, editCall, edit, likeCall, like, removeCall, remove, counts } = commentHelpers(() => t);

/** One comment's replies (`parentId`), as `who` asks for them. */
const replyPage = async (who: Member, feedId: number, parentId: number, query = '') =>
  okData(await send('GET', `/api/feed/comment?feedId=${feedId}&parentId=${parentId}${query}`, who.token), feedReplyList);

const ids = (items: { commentId: number }[]) => items.map((c) => c.commentId);

describe('the comment tree and its counts', () => {
  it('counts every comment and reply, and deleting takes a reply or a whole thread away', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const feedId = await post(a);

    const top = await add(b, feedId, 'Great loop!');
    expect(top).toMatchObject({ commentCount: 1, comment: { feedId, parentId: 0, comment: 'Great loop!', author: { userId: b.userId }, likeCount: 0, isLiked: false, editedAt: null } });
    const reply1 = await add(c, feedId, 'Agreed.', top.comment.commentId);
    expect(reply1).toMatchObject({ commentCount: 2, comment: { parentId: top.comment.commentId, author: { userId: c.userId } } });
    const reply2 = await add(a, feedId, 'Thanks both.', top.comment.commentId);
    expect(reply2.commentCount).toBe(3);
    const other = await add(c, feedId, 'Which tyres?');
    expect(other.commentCount).toBe(4);
    expect(await counts(feedId)).toEqual({ stored: 4, actual: 4 });
    expect(await shownCount(c, feedId)).toBe(4);

    let page = await list(b, feedId);
    expect(page.total).toBe(2);
    expect(ids(page.list)).toEqual([other.comment.commentId, top.comment.commentId]);
    expect(page.list[1]).toMatchObject({ replyCount: 2 });
    expect(ids(page.list[1]!.reply)).toEqual([reply1.comment.commentId, reply2.comment.commentId]);

    // A reply deleted: one less, gone from its parent.
    expect(await remove(c, feedId, reply1.comment.commentId)).toEqual({ commentId: reply1.comment.commentId, parentId: top.comment.commentId, commentCount: 3 });
    page = await list(b, feedId);
    expect(page.list[1]).toMatchObject({ replyCount: 1 });
    expect(ids(page.list[1]!.reply)).toEqual([reply2.comment.commentId]);
    expect(await counts(feedId)).toEqual({ stored: 3, actual: 3 });
    expect(await shownCount(a, feedId)).toBe(3);

    // A top-level comment deleted with its remaining reply: one plus its replies.
    expect(await remove(b, feedId, top.comment.commentId)).toEqual({ commentId: top.comment.commentId, parentId: 0, commentCount: 1 });
    page = await list(b, feedId);
    expect(ids(page.list)).toEqual([other.comment.commentId]);
    expect(page.total).toBe(1);
    expect(await counts(feedId)).toEqual({ stored: 1, actual: 1 });
    expect(await shownCount(b, feedId)).toBe(1);

    // The deleted ones are gone for every call.
    expect((await editCall(a, { feedId, commentId: reply2.comment.commentId, comment: 'x' })).statusCode).toBe(404);
    expect((await likeCall(c, { commentId: top.comment.commentId, isLiked: true })).statusCode).toBe(404);
  });

  it('replies go one level deep: a reply to a reply is refused, and the parent must be on the same post', async () => {
    const a = await member();
    const feedId = await post(a);
    const elsewhere = await post(a);
    const top = await add(a, feedId, 'First');
    const reply = await add(a, feedId, 'Second', top.comment.commentId);

    const deeper = await comment(a, { feedId, parentId: reply.comment.commentId, comment: 'Third' });
    expect(deeper.statusCode).toBe(400);
    expect(body(deeper)).toMatchObject({ message: 'Reply to the comment itself.', errors: { parentId: ['Reply to the comment itself.'] } });
    const wrongPost = await comment(a, { feedId: elsewhere, parentId: top.comment.commentId, comment: 'Lost' });
    expect(wrongPost.statusCode).toBe(404);
    expect(body(wrongPost).message).toBe('That comment does not exist.');
    expect((await comment(a, { feedId, parentId: 2_000_000_000, comment: 'Nobody' })).statusCode).toBe(404);
    // parentId 0 is a top-level comment.
    expect((await add(a, feedId, 'Top again', 0)).comment.parentId).toBe(0);
    expect(await counts(feedId)).toEqual({ stored: 3, actual: 3 });
    expect(await counts(elsewhere)).toEqual({ stored: 0, actual: 0 });
  });

  it('refuses empty or too long text, and comments on a draft, with a clear message', async () => {
    const a = await member();
    const feedId = await post(a);
    const blank = await comment(a, { feedId, comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).errors?.comment).toEqual(['Write something first.']);
    expect((await comment(a, { feedId, comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    const draft = await post(a, { draft: true });
    const onDraft = await comment(a, { feedId: draft, comment: 'Note to self' });
    expect(onDraft.statusCode).toBe(400);
    expect(body(onDraft).message).toBe('Comments open once the post is published.');
    expect(await counts(draft)).toEqual({ stored: 0, actual: 0 });
  });

  it('reads hashtags and the mentions the writer may make from the text', async () => {
    const a = await member();
    const friend = await member();
    const stranger = await member();
    await toggle('POST', '/api/follow', a, friend.userId);
    const feedId = await post(a);
    const saved = await add(a, feedId, `#Gravel day with @${friend.handleName} and @${stranger.handleName} #gravel #MTB`);
    expect(saved.comment.hashtags).toEqual(['gravel', 'mtb']);
    // Only a member the writer follows or is followed by is a mention; the other handle stays plain text.
    expect(saved.comment.tagUser).toEqual([
      { userId: friend.userId, handleName: friend.handleName, firstName: 'Alex', lastName: 'Rider', profileImage: null },
    ]);
    const [listed] = (await list(stranger, feedId)).list;
    expect(listed).toMatchObject({ hashtags: ['gravel', 'mtb'], tagUser: [{ userId: friend.userId }] });
  });
});

describe('paging', () => {
  it('lists top-level comments newest first with their replies, and goes on from the cursor while others comment', async () => {
    const a = await member();
    const b = await member();
    const feedId = await post(a);
    const written: number[] = [];
    for (let i = 0; i < 23; i++) written.push((await add(b, feedId, `Comment ${i}`)).comment.commentId);
    const replyIds: number[] = [];
    for (let i = 0; i < 3; i++) replyIds.push((await add(a, feedId, `Reply ${i}`, written[22])).comment.commentId);

    const first = await list(b, feedId);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 23 });
    expect(ids(first.list)).toEqual(written.slice(3).reverse());
    expect(first.list[0]).toMatchObject({ replyCount: 3 });
    expect(ids(first.list[0]!.reply)).toEqual(replyIds);
    expect(first.list[1]).toMatchObject({ replyCount: 0, reply: [] });

    // New comments arrive while the member reads page 1: page 2 neither repeats nor skips any.
    for (let i = 0; i < 4; i++) await add(a, feedId, `Late ${i}`);
    const second = await list(b, feedId, `&cursor=${first.next_cursor}`);
    expect(second).toMatchObject({ current_page: 2, next_cursor: null });
    expect(ids(second.list)).toEqual(written.slice(0, 3).reverse());
  });

  it(`carries the first ${REPLIES_SHOWN} replies of a comment, and replyCount tells all of them`, async () => {
    const a = await member();
    const feedId = await post(a);
    const top = await add(a, feedId, 'Ask me anything');
    const replies: number[] = [];
    for (let i = 0; i < REPLIES_SHOWN + 2; i++) replies.push((await add(a, feedId, `Reply ${i}`, top.comment.commentId)).comment.commentId);
    const [listed] = (await list(a, feedId)).list;
    expect(listed!.replyCount).toBe(REPLIES_SHOWN + 2);
    expect(ids(listed!.reply)).toEqual(replies.slice(0, REPLIES_SHOWN));
  });

  it(`pages one comment’s replies oldest first, ${REPLIES_SHOWN} a page, from its replyCursor, while others reply`, async () => {
    const a = await member();
    const b = await member();
    const feedId = await post(a);
    const top = (await add(a, feedId, 'Ask me anything')).comment;
    const replies: number[] = [];
    for (let i = 0; i < 2 * REPLIES_SHOWN + 3; i++) {
      // Straight into the table (the route's own path is covered above): a second apart, and some in one millisecond.
      const createdAt = new Date(t.clock.now().getTime() + Math.floor(i / 2) * 1000);
      replies.push((await insertComment(t.db, { feedId, userId: i % 2 ? a.userId : b.userId, parentId: top.commentId, comment: `Reply ${i}`, createdAt })).row.id);
    }
    const quiet = (await add(b, feedId, 'A comment without replies')).comment;

    const { list: listed } = await list(b, feedId);
    const carried = listed.find((c) => c.commentId === top.commentId)!;
    expect(ids(carried.reply)).toEqual(replies.slice(0, REPLIES_SHOWN));
    expect(carried.replyCursor).toEqual(expect.any(String));
    expect(listed.find((c) => c.commentId === quiet.commentId)).toMatchObject({ replyCount: 0, replyCursor: null });

    const second = await replyPage(b, feedId, top.commentId, `&cursor=${carried.replyCursor}`);
    expect(second).toMatchObject({ current_page: 2, last_page: 3, per_page: REPLIES_SHOWN, total: 2 * REPLIES_SHOWN + 3 });
    expect(ids(second.list)).toEqual(replies.slice(REPLIES_SHOWN, 2 * REPLIES_SHOWN));
    expect(second.list[0]).toMatchObject({ feedId, parentId: top.commentId, comment: `Reply ${REPLIES_SHOWN}` });
    expect(second.list[0]).not.toHaveProperty('reply');

    // A reply written meanwhile (after the ones above) comes last, on the last page: nothing repeated, nothing skipped.
    t.clock.advance(2 * 60_000);
    const late = (await add(a, feedId, 'Late reply', top.commentId)).comment;
    const third = await replyPage(b, feedId, top.commentId, `&cursor=${second.next_cursor}`);
    expect(third).toMatchObject({ current_page: 3, next_cursor: null });
    expect(ids(third.list)).toEqual([...replies.slice(2 * REPLIES_SHOWN), late.commentId]);

    // Without a cursor, page 1 is what the comment carried.
    expect(ids((await replyPage(b, feedId, top.commentId)).list)).toEqual(replies.slice(0, REPLIES_SHOWN));
  });

  it('answers 404 for replies of a reply, of another post’s comment, or of no comment', async () => {
    const a = await member();
    const feedId = await post(a);
    const elsewhere = await post(a);
    const top = (await add(a, feedId, 'First')).comment;
    const reply = (await add(a, feedId, 'Second', top.commentId)).comment;
    const theirs = (await add(a, elsewhere, 'Other post')).comment;
    for (const parentId of [reply.commentId, theirs.commentId, 2_000_000_000]) {
      const res = await send('GET', `/api/feed/comment?feedId=${feedId}&parentId=${parentId}`, a.token);
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res).message).toBe('That comment does not exist.');
    }
    expect((await send('GET', `/api/feed/comment?feedId=${feedId}&parentId=0`, a.token)).statusCode).toBe(400);
  });
});

describe('editing', () => {
  it('edits only your own comment; someone else’s is a 404 and stays as it was', async () => {
    const a = await member();
    const b = await member();
    const friend = await member();
    await toggle('POST', '/api/follow', friend, b.userId);
    const feedId = await post(a);
    const saved = await add(b, feedId, 'Fast #loop');
    const edited = await edit(b, feedId, saved.comment.commentId, `Fast #ridge with @${friend.handleName}`);
    expect(edited).toMatchObject({ commentId: saved.comment.commentId, comment: `Fast #ridge with @${friend.handleName}`, hashtags: ['ridge'], tagUser: [{ userId: friend.userId }] });
    expect(edited.editedAt).not.toBeNull();

    const byAuthorOfPost = await editCall(a, { feedId, commentId: saved.comment.commentId, comment: 'Hijacked' });
    expect(byAuthorOfPost.statusCode).toBe(404);
    expect(body(byAuthorOfPost).message).toBe('That comment does not exist.');
    expect((await editCall(b, { feedId: await post(a), commentId: saved.comment.commentId, comment: 'Wrong post' })).statusCode).toBe(404);
    const [listed] = (await list(a, feedId)).list;
    expect(listed).toMatchObject({ comment: `Fast #ridge with @${friend.handleName}`, editedAt: edited.editedAt });
  });
});

describe('deleting', () => {
  it('the comment’s author and the post’s author may delete it; anyone else gets 404', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const feedId = await post(a);
    const byB = await add(b, feedId, 'Mine');
    const byB2 = await add(b, feedId, 'Also mine');
    const reply = await add(a, feedId, 'Post author reply', byB2.comment.commentId);

    const denied = await removeCall(c, { feedId, commentId: byB.comment.commentId });
    expect(denied.statusCode).toBe(404);
    expect(body(denied).message).toBe('That comment does not exist.');
    // The comment's author may not delete the post author's reply under it.
    expect((await removeCall(b, { feedId, commentId: reply.comment.commentId })).statusCode).toBe(404);
    expect(await counts(feedId)).toEqual({ stored: 3, actual: 3 });

    expect((await remove(b, feedId, byB.comment.commentId)).commentCount).toBe(2);
    expect((await remove(a, feedId, byB2.comment.commentId)).commentCount).toBe(0);
    expect((await list(c, feedId)).list).toEqual([]);
  });
});

describe('comment likes', () => {
  it('sets and unsets the viewer’s like, idempotently, and keeps the count in step', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const feedId = await post(a);
    const { commentId } = (await add(a, feedId, 'Like me')).comment;

    expect(await like(b, commentId)).toMatchObject({ commentId, likeCount: 1, isLiked: true });
    expect(await like(b, commentId)).toMatchObject({ likeCount: 1, isLiked: true });
    expect(await like(c, commentId)).toMatchObject({ likeCount: 2, isLiked: true });
    expect((await list(a, feedId)).list[0]).toMatchObject({ likeCount: 2, isLiked: false });
    expect((await list(b, feedId)).list[0]).toMatchObject({ likeCount: 2, isLiked: true });
    expect(await like(b, commentId, false)).toMatchObject({ likeCount: 1, isLiked: false });
    expect(await like(b, commentId, false)).toMatchObject({ likeCount: 1, isLiked: false });
    expect(await like(a, commentId)).toMatchObject({ likeCount: 2, isLiked: true });

    // A reply is liked the same way and shows so under its parent.
    const reply = (await add(b, feedId, 'Me too', commentId)).comment;
    await like(c, reply.commentId);
    expect((await list(c, feedId)).list[0]!.reply[0]).toMatchObject({ commentId: reply.commentId, likeCount: 1, isLiked: true });
    expect((await likeCall(c, { commentId: 2_000_000_000, isLiked: true })).statusCode).toBe(404);
  });
});

describe('who may see a post’s comments', () => {
  async function privatePostWithComment() {
    const a = await member({ private: true });
    const follower = await member();
    await toggle('POST', '/api/follow', follower, a.userId);
    await toggle('POST', '/api/follow/accept', a, follower.userId);
    const feedId = await post(a);
    const top = (await add(follower, feedId, 'Members only')).comment;
    return { a, follower, feedId, top };
  }

  /** Every comment route answers `who` as if the post did not exist. */
  async function expectHidden(who: Member, feedId: number, commentId: number) {
    const calls = [
      await t.app.inject({ method: 'GET', url: `/api/feed/comment?feedId=${feedId}`, headers: t.bearer(who.token) }),
      await t.app.inject({ method: 'GET', url: `/api/feed/comment?feedId=${feedId}&parentId=${commentId}`, headers: t.bearer(who.token) }),
      await comment(who, { feedId, comment: 'Hello?' }),
      await comment(who, { feedId, parentId: commentId, comment: 'Hello?' }),
      await editCall(who, { feedId, commentId, comment: 'Changed' }),
      await likeCall(who, { commentId, isLiked: true }),
      await removeCall(who, { feedId, commentId }),
    ];
    for (const res of calls) expect(res.statusCode, res.body).toBe(404);
    expect(calls.map((r) => body(r).message)).toEqual([
      'That post does not exist.',
      'That post does not exist.',
      'That post does not exist.',
      'That post does not exist.',
      'That post does not exist.',
      'That comment does not exist.',
      'That post does not exist.',
    ]);
  }

  it('a private author’s post: a stranger and a pending requester get 404 on every comment route', async () => {
    const { a, follower, feedId, top } = await privatePostWithComment();
    const stranger = await member();
    const pending = await member();
    expect(await toggle('POST', '/api/follow', pending, a.userId)).toMatchObject({ isRequested: true });
    await expectHidden(stranger, feedId, top.commentId);
    await expectHidden(pending, feedId, top.commentId);
    // The follower still sees it all, unchanged.
    expect((await list(follower, feedId)).list).toMatchObject([{ commentId: top.commentId, comment: 'Members only', likeCount: 0 }]);
    expect(await counts(feedId)).toEqual({ stored: 1, actual: 1 });
  });

  it('a follower who stops following loses even their own comment there', async () => {
    const { a, follower, feedId, top } = await privatePostWithComment();
    await toggle('POST', '/api/unFollow', follower, a.userId);
    await expectHidden(follower, feedId, top.commentId);
    expect((await list(a, feedId)).list).toMatchObject([{ commentId: top.commentId, comment: 'Members only' }]);
  });

  it('a draft: only its author sees it, and it takes no comments until published', async () => {
    const a = await member();
    const b = await member();
    const draft = await post(a, { draft: true });
    const published = await post(a);
    const { commentId } = (await add(a, published, 'Elsewhere')).comment;
    const calls = [
      await t.app.inject({ method: 'GET', url: `/api/feed/comment?feedId=${draft}`, headers: t.bearer(b.token) }),
      await comment(b, { feedId: draft, comment: 'Hello?' }),
      await editCall(b, { feedId: draft, commentId, comment: 'Changed' }),
      await removeCall(b, { feedId: draft, commentId }),
    ];
    for (const res of calls) expect(body(res), res.body).toMatchObject({ code: 404, message: 'That post does not exist.' });
    expect((await list(a, draft)).list).toEqual([]);
    expect(await counts(draft)).toEqual({ stored: 0, actual: 0 });
  });

  it('needs a signed-in member', async () => {
    const a = await member();
    const feedId = await post(a);
    expect((await t.app.inject({ method: 'GET', url: `/api/feed/comment?feedId=${feedId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/feed/comment', payload: { feedId, comment: 'Hi' } })).statusCode).toBe(401);
  });
});

describe('what members write', () => {
  const corpus = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)>', '<script>alert(1)</script>'];

  it('stores the XSS corpus and answers it as the same plain string', async () => {
    const a = await member();
    const feedId = await post(a);
    const top = await add(a, feedId, corpus[0]!);
    expect(top.comment.comment).toBe(corpus[0]);
    for (const text of corpus.slice(1)) expect((await add(a, feedId, text, top.comment.commentId)).comment.comment).toBe(text);
    const edited = await edit(a, feedId, top.comment.commentId, corpus.join(' '));
    expect(edited.comment).toBe(corpus.join(' '));
    const [listed] = (await list(a, feedId)).list;
    expect(listed!.comment).toBe(corpus.join(' '));
    expect(listed!.reply.map((r) => r.comment)).toEqual(corpus.slice(1));
  });

  it('rejects unknown fields: ids, counts and authors are the server’s to decide', async () => {
    const a = await member();
    const b = await member();
    const feedId = await post(a);
    const { commentId } = (await add(a, feedId, 'Hi')).comment;
    const refused = [
      await comment(a, { feedId, comment: 'Hi', userId: b.userId }),
      await comment(a, { feedId, comment: 'Hi', likeCount: 99 }),
      await editCall(a, { feedId, commentId, comment: 'Hi', editedAt: null }),
      await likeCall(a, { commentId, isLiked: true, likeCount: 5 }),
      await removeCall(a, { feedId, commentId, userId: b.userId }),
      await t.app.inject({ method: 'GET', url: `/api/feed/comment?feedId=${feedId}&userId=${b.userId}`, headers: t.bearer(a.token) }),
    ];
    for (const res of refused) expect(res.statusCode, res.body).toBe(400);
    expect((await list(a, feedId)).list).toMatchObject([{ commentId, comment: 'Hi', likeCount: 0, author: { userId: a.userId } }]);
  });
});

describe('data rights', () => {
  it('the export holds the member’s own comments and replies, not others’', async () => {
    const a = await member();
    const b = await member();
    const feedId = await post(a);
    const top = await add(b, feedId, 'Mine #one');
    await add(a, feedId, 'Not mine', top.comment.commentId);
    const reply = await add(b, feedId, 'Also mine', top.comment.commentId);
    const section = exportSections.find((s) => s.name === 'reactionsAndComments')!;
    const rows = (JSON.parse(JSON.stringify(await section.collect(t.db, b.userId))) as { comments: unknown[] }).comments;
    expect(rows).toEqual([
      expect.objectContaining({ commentId: top.comment.commentId, on: 'post', feedId, parentId: null, comment: 'Mine #one', hashtags: ['one'] }),
      expect.objectContaining({ commentId: reply.comment.commentId, on: 'post', feedId, parentId: top.comment.commentId, comment: 'Also mine' }),
    ]);
  });
});
