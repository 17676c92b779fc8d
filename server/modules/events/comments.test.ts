import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventReplyList } from '#contract/event-comments';
import { exportSections } from '../account/export-sections';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { commentService, REPLIES_SHOWN } from '../comments/comment-service';
import { eventSubject } from './event-subject';
import { eventCommentHelpers, type Member } from './event-comment-test-helpers';
import { addCohost, inviteToEvent } from './event-test-rows';

// Issue 6: comments on events, through the comment service posts use — the tree (one level of replies) and the
// counts it keeps in events.comment_count, editing your own, deleting (yours, or any on your event as its organiser),
// likes, who may see an event's comments at all, and text stored exactly as written.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const { send, member, toggle, event, listCall, list, comment, add, editCall, edit, likeCall, like, removeCall, remove, counts } = eventCommentHelpers(() => t);

const ids = (items: { commentId: number }[]) => items.map((c) => c.commentId);

/** One comment's replies (`parentId`), as `who` asks for them. */
const replyCall = (who: Member, eventId: number, parentId: number, query = '') => listCall(who, eventId, `&parentId=${parentId}${query}`);
const replyPage = async (who: Member, eventId: number, parentId: number, query = '') => okData(await replyCall(who, eventId, parentId, query), eventReplyList);

function expectEventNotFound(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(404);
  expect(JSON.parse(res.body)).toMatchObject({ code: 404, message: 'That event does not exist.' });
}

describe('the comment tree and its counts', () => {
  it('counts every comment and reply into the event, and deleting takes a reply or a whole thread away', async () => {
    const organiser = await member();
    const b = await member();
    const c = await member();
    const eventId = await event(organiser);

    const top = await add(b, eventId, 'Count me in!');
    expect(top).toEqual({
      commentCount: 1,
      comment: expect.objectContaining({ eventId, parentId: 0, comment: 'Count me in!', author: expect.objectContaining({ userId: b.userId }), likeCount: 0, isLiked: false, editedAt: null }),
    });
    expect(top.comment).not.toHaveProperty('feedId');
    const reply1 = await add(c, eventId, 'Me too.', top.comment.commentId);
    expect(reply1).toMatchObject({ commentCount: 2, comment: { eventId, parentId: top.comment.commentId, author: { userId: c.userId } } });
    const reply2 = await add(organiser, eventId, 'See you at the trailhead.', top.comment.commentId);
    expect(reply2.commentCount).toBe(3);
    const other = await add(c, eventId, 'Is there parking?');
    expect(other.commentCount).toBe(4);
    expect(await counts(eventId)).toEqual({ stored: 4, actual: 4 });

    let page = await list(b, eventId);
    expect(page.total).toBe(2);
    expect(ids(page.list)).toEqual([other.comment.commentId, top.comment.commentId]);
    expect(page.list[1]).toMatchObject({ eventId, replyCount: 2 });
    expect(ids(page.list[1]!.reply)).toEqual([reply1.comment.commentId, reply2.comment.commentId]);

    // A reply deleted: one less, gone from its parent.
    expect(await remove(c, eventId, reply1.comment.commentId)).toEqual({ commentId: reply1.comment.commentId, parentId: top.comment.commentId, commentCount: 3 });
    page = await list(b, eventId);
    expect(page.list[1]).toMatchObject({ replyCount: 1 });
    expect(ids(page.list[1]!.reply)).toEqual([reply2.comment.commentId]);
    expect(await counts(eventId)).toEqual({ stored: 3, actual: 3 });

    // A top-level comment deleted with its remaining reply: one plus its replies.
    expect(await remove(b, eventId, top.comment.commentId)).toEqual({ commentId: top.comment.commentId, parentId: 0, commentCount: 1 });
    page = await list(b, eventId);
    expect(ids(page.list)).toEqual([other.comment.commentId]);
    expect(await counts(eventId)).toEqual({ stored: 1, actual: 1 });

    // The deleted ones are gone for every call.
    expect((await editCall(organiser, { eventId, commentId: reply2.comment.commentId, comment: 'x' })).statusCode).toBe(404);
    expect((await likeCall(c, { commentId: top.comment.commentId, isLiked: true })).statusCode).toBe(404);
  });

  it('replies go one level deep, and the parent must be on the same event', async () => {
    const organiser = await member();
    const eventId = await event(organiser);
    const elsewhere = await event(organiser);
    const top = await add(organiser, eventId, 'First');
    const reply = await add(organiser, eventId, 'Second', top.comment.commentId);

    const deeper = await comment(organiser, { eventId, parentId: reply.comment.commentId, comment: 'Third' });
    expect(deeper.statusCode).toBe(400);
    expect(body(deeper)).toMatchObject({ message: 'Reply to the comment itself.', errors: { parentId: ['Reply to the comment itself.'] } });
    const wrongEvent = await comment(organiser, { eventId: elsewhere, parentId: top.comment.commentId, comment: 'Lost' });
    expect(wrongEvent.statusCode).toBe(404);
    expect(body(wrongEvent).message).toBe('That comment does not exist.');
    expect((await add(organiser, eventId, 'Top again', 0)).comment.parentId).toBe(0);
    expect(await counts(eventId)).toEqual({ stored: 3, actual: 3 });
    expect(await counts(elsewhere)).toEqual({ stored: 0, actual: 0 });
  });

  it('refuses empty text, and comments on a draft event even from its organiser', async () => {
    const organiser = await member();
    const eventId = await event(organiser);
    const blank = await comment(organiser, { eventId, comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).errors?.comment).toEqual(['Write something first.']);
    const draft = await event(organiser, { isDraft: true });
    const onDraft = await comment(organiser, { eventId: draft, comment: 'Note to self' });
    expect(onDraft.statusCode).toBe(400);
    expect(body(onDraft)).toMatchObject({ message: 'Comments open once the event is published.', errors: { eventId: ['Comments open once the event is published.'] } });
    expect(await counts(draft)).toEqual({ stored: 0, actual: 0 });
  });

  it('reads hashtags and the mentions the writer may make from the text', async () => {
    const organiser = await member();
    const friend = await member();
    const stranger = await member();
    await toggle('POST', '/api/follow', organiser, friend.userId);
    const eventId = await event(organiser);
    const saved = await add(organiser, eventId, `#Gravel ride with @${friend.handleName} and @${stranger.handleName} #gravel`);
    expect(saved.comment.hashtags).toEqual(['gravel']);
    // Only a member the writer follows or is followed by is a mention; the other handle stays plain text.
    expect(saved.comment.tagUser.map((m) => m.userId)).toEqual([friend.userId]);
    expect((await list(stranger, eventId)).list).toMatchObject([{ hashtags: ['gravel'], tagUser: [{ userId: friend.userId }] }]);
  });

  it('pages top-level comments newest first by cursor', async () => {
    const organiser = await member();
    const eventId = await event(organiser);
    const written: number[] = [];
    for (let i = 0; i < 22; i++) written.push((await add(organiser, eventId, `Comment ${i}`)).comment.commentId);
    const first = await list(organiser, eventId);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 22 });
    expect(ids(first.list)).toEqual(written.slice(2).reverse());
    await add(organiser, eventId, 'Late');
    const second = await list(organiser, eventId, `&cursor=${first.next_cursor}`);
    expect(ids(second.list)).toEqual(written.slice(0, 2).reverse());
  });

  it(`pages one comment’s replies oldest first after the ${REPLIES_SHOWN} it carries; a reply's or another event's id is a 404`, async () => {
    const organiser = await member();
    const b = await member();
    const eventId = await event(organiser);
    const elsewhere = await event(organiser);
    const top = (await add(b, eventId, 'Who is driving?')).comment;
    const { insertComment } = commentService(eventSubject);
    const { subjectId } = await eventSubject.loadViewable(t.db, organiser.userId, eventId);
    const replies: number[] = [];
    for (let i = 0; i < REPLIES_SHOWN + 4; i++) {
      const createdAt = new Date(t.clock.now().getTime() + i * 1000);
      replies.push((await insertComment(t.db, { subjectId, userId: organiser.userId, parentId: top.commentId, comment: `Seat ${i}`, createdAt })).row.id);
    }

    const [carried] = (await list(b, eventId)).list;
    expect(ids(carried!.reply)).toEqual(replies.slice(0, REPLIES_SHOWN));
    const rest = await replyPage(b, eventId, top.commentId, `&cursor=${carried!.replyCursor}`);
    expect(rest).toMatchObject({ current_page: 2, last_page: 2, total: REPLIES_SHOWN + 4, next_cursor: null });
    expect(ids(rest.list)).toEqual(replies.slice(REPLIES_SHOWN));
    expect(rest.list[0]).toMatchObject({ eventId, parentId: top.commentId, comment: `Seat ${REPLIES_SHOWN}` });

    const other = (await add(b, elsewhere, 'Elsewhere')).comment;
    for (const parentId of [replies[0]!, other.commentId]) {
      const res = await replyCall(b, eventId, parentId);
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res).message).toBe('That comment does not exist.');
    }
  });
});

describe('editing and deleting', () => {
  it('edits only your own comment; the organiser’s attempt on someone else’s is a 404 and it stays as it was', async () => {
    const organiser = await member();
    const b = await member();
    const eventId = await event(organiser);
    const saved = await add(b, eventId, 'Bring lights');
    const edited = await edit(b, eventId, saved.comment.commentId, 'Bring lights #night');
    expect(edited).toMatchObject({ commentId: saved.comment.commentId, eventId, comment: 'Bring lights #night', hashtags: ['night'] });
    expect(edited.editedAt).not.toBeNull();

    const byOrganiser = await editCall(organiser, { eventId, commentId: saved.comment.commentId, comment: 'Hijacked' });
    expect(byOrganiser.statusCode).toBe(404);
    expect(body(byOrganiser).message).toBe('That comment does not exist.');
    expect((await list(b, eventId)).list).toMatchObject([{ comment: 'Bring lights #night', editedAt: edited.editedAt }]);
  });

  it('the comment’s author, the event’s organiser and a co-host may delete it; anyone else gets 404', async () => {
    const organiser = await member();
    const cohost = await member();
    const b = await member();
    const c = await member();
    const eventId = await event(organiser);
    await addCohost(t.db, eventId, cohost.userId);
    const byB = await add(b, eventId, 'Mine');
    const byB2 = await add(b, eventId, 'Also mine');
    const reply = await add(organiser, eventId, 'Organiser reply', byB2.comment.commentId);

    const denied = await removeCall(c, { eventId, commentId: byB.comment.commentId });
    expect(denied.statusCode).toBe(404);
    expect(body(denied).message).toBe('That comment does not exist.');
    // The comment's author may not delete the organiser's reply under it.
    expect((await removeCall(b, { eventId, commentId: reply.comment.commentId })).statusCode).toBe(404);
    expect(await counts(eventId)).toEqual({ stored: 3, actual: 3 });

    expect((await remove(b, eventId, byB.comment.commentId)).commentCount).toBe(2);
    // Co-hosts look after the event's talk with the organiser (issue 18): this one removes the organiser's reply.
    expect((await remove(cohost, eventId, reply.comment.commentId)).commentCount).toBe(1);
    // The organiser removes B's other comment.
    expect((await remove(organiser, eventId, byB2.comment.commentId)).commentCount).toBe(0);
    expect((await list(c, eventId)).list).toEqual([]);
  });
});

describe('comment likes', () => {
  it('sets and unsets the viewer’s like, idempotently, and keeps the count in step', async () => {
    const organiser = await member();
    const b = await member();
    const c = await member();
    const eventId = await event(organiser);
    const { commentId } = (await add(organiser, eventId, 'Like me')).comment;
    expect(await like(b, commentId)).toMatchObject({ commentId, eventId, likeCount: 1, isLiked: true });
    expect(await like(b, commentId)).toMatchObject({ likeCount: 1, isLiked: true });
    expect(await like(c, commentId)).toMatchObject({ likeCount: 2, isLiked: true });
    expect((await list(organiser, eventId)).list).toMatchObject([{ likeCount: 2, isLiked: false }]);
    expect(await like(b, commentId, false)).toMatchObject({ likeCount: 1, isLiked: false });
    expect(await like(b, commentId, false)).toMatchObject({ likeCount: 1, isLiked: false });
    expect((await list(c, eventId)).list).toMatchObject([{ likeCount: 1, isLiked: true }]);
  });
});

describe('who may see an event’s comments', () => {
  it('an invite-only event: a stranger gets 404 on every comment route, an invited member takes part', async () => {
    const organiser = await member();
    const stranger = await member();
    const guest = await member();
    const eventId = await event(organiser, { whoCanSee: 'invite' });
    await inviteToEvent(t.db, eventId, guest.userId, organiser.userId);
    const { commentId } = (await add(organiser, eventId, 'Invited riders only')).comment;

    expectEventNotFound(await listCall(stranger, eventId));
    expectEventNotFound(await replyCall(stranger, eventId, commentId));
    expectEventNotFound(await comment(stranger, { eventId, comment: 'Let me in' }));
    expectEventNotFound(await comment(stranger, { eventId, parentId: commentId, comment: 'Let me in' }));
    expectEventNotFound(await editCall(stranger, { eventId, commentId, comment: 'Changed' }));
    expectEventNotFound(await removeCall(stranger, { eventId, commentId }));
    // Naming only the comment: the comment's own 404.
    const liked = await likeCall(stranger, { commentId, isLiked: true });
    expect(liked.statusCode).toBe(404);
    expect(body(liked).message).toBe('That comment does not exist.');
    expect(await counts(eventId)).toEqual({ stored: 1, actual: 1 });

    const joined = await add(guest, eventId, 'Thanks for the invite', commentId);
    expect(joined.commentCount).toBe(2);
    expect((await list(organiser, eventId)).list).toMatchObject([{ commentId, likeCount: 0, replyCount: 1, reply: [{ commentId: joined.comment.commentId }] }]);
  });

  it('a followers-only event: a member who does not follow gets 404, an accepted follower may comment', async () => {
    const organiser = await member();
    const follower = await member();
    const other = await member();
    await toggle('POST', '/api/follow', follower, organiser.userId);
    const eventId = await event(organiser, { whoCanSee: 'followers' });
    expectEventNotFound(await comment(other, { eventId, comment: 'Hi' }));
    expect((await add(follower, eventId, 'Hi')).commentCount).toBe(1);
    expectEventNotFound(await listCall(other, eventId));
  });

  it('a draft is its organiser’s alone, and an unknown event is the same 404', async () => {
    const organiser = await member();
    const b = await member();
    const draft = await event(organiser, { isDraft: true });
    expect((await list(organiser, draft)).list).toEqual([]);
    expectEventNotFound(await listCall(b, draft));
    expectEventNotFound(await listCall(b, 2_000_000_000));
  });

  it('needs a signed-in member', async () => {
    const organiser = await member();
    const eventId = await event(organiser);
    expect((await t.app.inject({ method: 'GET', url: `/api/challenge/comment?eventId=${eventId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/challenge/comment', payload: { eventId, comment: 'Hi' } })).statusCode).toBe(401);
  });
});

describe('what members write', () => {
  const corpus = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)>', '<script>alert(1)</script>'];

  it('stores the XSS corpus and answers it as the same plain string', async () => {
    const organiser = await member();
    const eventId = await event(organiser);
    const top = await add(organiser, eventId, corpus[0]!);
    expect(top.comment.comment).toBe(corpus[0]);
    for (const text of corpus.slice(1)) expect((await add(organiser, eventId, text, top.comment.commentId)).comment.comment).toBe(text);
    const edited = await edit(organiser, eventId, top.comment.commentId, corpus.join(' '));
    expect(edited.comment).toBe(corpus.join(' '));
    const [listed] = (await list(organiser, eventId)).list;
    expect(listed!.comment).toBe(corpus.join(' '));
    expect(listed!.reply.map((r) => r.comment)).toEqual(corpus.slice(1));
  });

  it('rejects unknown fields: ids, counts and authors are the server’s to decide', async () => {
    const organiser = await member();
    const b = await member();
    const eventId = await event(organiser);
    const { commentId } = (await add(organiser, eventId, 'Hi')).comment;
    const refused = [
      await comment(organiser, { eventId, comment: 'Hi', userId: b.userId }),
      await comment(organiser, { eventId, comment: 'Hi', feedId: 1 }),
      await editCall(organiser, { eventId, commentId, comment: 'Hi', likeCount: 3 }),
      await likeCall(organiser, { commentId, isLiked: true, likeCount: 5 }),
      await removeCall(organiser, { eventId, commentId, userId: b.userId }),
      await send('GET', `/api/challenge/comment?eventId=${eventId}&userId=${b.userId}`, organiser.token),
    ];
    for (const res of refused) expect(res.statusCode, res.body).toBe(400);
    expect((await list(organiser, eventId)).list).toMatchObject([{ commentId, comment: 'Hi', likeCount: 0, author: { userId: organiser.userId } }]);
  });
});

describe('data rights', () => {
  it('the export holds the member’s own event comments and replies, not others’', async () => {
    const organiser = await member();
    const b: Member = await member();
    const eventId = await event(organiser);
    const top = await add(b, eventId, 'Mine #one');
    await add(organiser, eventId, 'Not mine', top.comment.commentId);
    const reply = await add(b, eventId, 'Also mine', top.comment.commentId);
    const section = exportSections.find((s) => s.name === 'reactionsAndComments')!;
    const rows = (JSON.parse(JSON.stringify(await section.collect(t.db, b.userId))) as { comments: unknown[] }).comments;
    expect(rows).toEqual([
      expect.objectContaining({ commentId: top.comment.commentId, on: 'event', eventId, parentId: null, comment: 'Mine #one', hashtags: ['one'] }),
      expect.objectContaining({ commentId: reply.comment.commentId, on: 'event', eventId, parentId: top.comment.commentId, comment: 'Also mine' }),
    ]);
  });
});
