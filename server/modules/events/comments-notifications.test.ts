import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationList } from '#contract/notifications';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventCommentHelpers, type Member } from './event-comment-test-helpers';
import { inviteToEvent } from './event-test-rows';

// Issue 6: a comment on an event tells its organiser, a reply the parent's author, a mention the member mentioned
// (if they may see the event), a like the comment's author — each leading to the event (`event_comment`, parentId
// the event), never for one's own action; deleting a comment takes its notifications along.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const { send, member, toggle, listen, event, add, edit, like, remove } = eventCommentHelpers(() => t);

const inbox = async (who: Member) => okData(await send('GET', '/api/notifications', who.token), notificationList).list;
const sentences = async (who: Member) => (await inbox(who)).map((n) => n.message);
/** How many notifications a member's rows stand for (repeats on one event are one row, issue 19). */
const told = async (who: Member) => (await inbox(who)).reduce((sum, n) => sum + n.groupedCount, 0);
/** What a member was told about event comments (a follow in the setup tells them of that too). */
const aboutComments = async (who: Member) => (await inbox(who)).filter((n) => n.subjectType === 'event_comment');

describe('event comment notifications', () => {
  it('the organiser is told of a comment, with a link to the event; live too', async () => {
    const organiser = await member();
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    const eventId = await event(organiser);
    const heard = listen();
    const { commentId } = (await add(b, eventId, 'Count me in')).comment;
    heard.stop();
    expect(await inbox(organiser)).toMatchObject([
      {
        kind: 'comments',
        message: 'Robin Ridge commented on your event.',
        subjectType: 'event_comment',
        subjectId: commentId,
        parentId: eventId,
        actor: { userId: b.userId },
        isRead: false,
      },
    ]);
    expect(heard.to(organiser.userId)).toMatchObject([{ type: 'notification', notification: { kind: 'comments', subjectType: 'event_comment', subjectId: commentId } }]);
    expect(await inbox(b)).toEqual([]);
  });

  it('a reply tells the parent comment’s author and the organiser, each once; your own comments tell nobody', async () => {
    const organiser = await member({ firstName: 'Ana', lastName: 'Host' });
    const b = await member({ firstName: 'Ben', lastName: 'Top' });
    const c = await member({ firstName: 'Cy', lastName: 'Reply' });
    const eventId = await event(organiser);
    const top = (await add(b, eventId, 'First')).comment;
    const reply = (await add(c, eventId, 'Second', top.commentId)).comment;
    expect(await inbox(b)).toMatchObject([{ kind: 'comments', message: 'Cy Reply replied to your comment.', subjectType: 'event_comment', subjectId: reply.commentId, parentId: eventId }]);
    expect(await sentences(organiser)).toEqual(['Cy Reply and 1 other commented on your event.']);

    // The organiser replying tells the comment's author only.
    await add(organiser, eventId, 'Thanks', top.commentId);
    expect(await sentences(b)).toEqual(['Ana Host and 1 other replied to your comment.']);
    expect(await told(organiser)).toBe(2);
    // The organiser commenting and replying under their own comment tells nobody.
    const own = (await add(organiser, eventId, 'Route updated')).comment;
    await add(organiser, eventId, 'And the start time', own.commentId);
    expect(await told(organiser)).toBe(2);
  });

  it('mentions tell members who may see the event; one who may not, or yourself, is told nothing', async () => {
    const organiser = await member();
    const b = await member({ firstName: 'Bo', lastName: 'Writer' });
    const guest = await member();
    const outsider = await member();
    const eventId = await event(organiser, { whoCanSee: 'invite' });
    await inviteToEvent(t.db, eventId, b.userId, organiser.userId);
    await inviteToEvent(t.db, eventId, guest.userId, organiser.userId);
    // Both mentionable by B (they follow B), but only the guest may see the invite-only event.
    await toggle('POST', '/api/follow', guest, b.userId);
    await toggle('POST', '/api/follow', outsider, b.userId);

    const saved = (await add(b, eventId, `@${guest.handleName} @${outsider.handleName} @${b.handleName} see you there`)).comment;
    // The outsider is a mention in the text (B may mention them) but is not told of an event they may not see.
    expect(saved.tagUser.map((m) => m.userId)).toEqual(expect.arrayContaining([guest.userId, outsider.userId]));
    expect(await aboutComments(guest)).toMatchObject([{ message: 'Bo Writer mentioned you in a comment.', subjectType: 'event_comment', subjectId: saved.commentId, parentId: eventId }]);
    expect(await aboutComments(outsider)).toEqual([]);
    expect(await aboutComments(b)).toEqual([]);
  });

  it('an edit tells only members newly mentioned', async () => {
    const organiser = await member();
    const b = await member();
    const first = await member();
    const second = await member();
    await toggle('POST', '/api/follow', b, first.userId);
    await toggle('POST', '/api/follow', b, second.userId);
    const eventId = await event(organiser);
    const { commentId } = (await add(b, eventId, `Hi @${first.handleName}`)).comment;
    await edit(b, eventId, commentId, `Hi @${first.handleName} and @${second.handleName}`);
    await edit(b, eventId, commentId, `Hello @${first.handleName} and @${second.handleName}`);
    expect(await aboutComments(first)).toHaveLength(1);
    expect(await aboutComments(second)).toMatchObject([{ kind: 'mentions', subjectId: commentId, parentId: eventId }]);
  });

  it('a like tells the comment’s author once, and never for your own', async () => {
    const organiser = await member({ firstName: 'Ada', lastName: 'Liker' });
    const b = await member();
    const eventId = await event(organiser);
    const { commentId } = (await add(b, eventId, 'Like this')).comment;
    await like(organiser, commentId);
    await like(organiser, commentId, false);
    await like(organiser, commentId);
    expect(await inbox(b)).toMatchObject([{ kind: 'likes', message: 'Ada Liker liked your comment.', subjectType: 'event_comment', subjectId: commentId, parentId: eventId }]);
    await like(b, commentId);
    expect(await inbox(b)).toHaveLength(1);
  });

  it('deleting a comment takes the notifications about it and its replies away, and leaves the others', async () => {
    const organiser = await member();
    const b = await member();
    const c = await member();
    const eventId = await event(organiser);
    const top = (await add(b, eventId, 'Soon gone')).comment;
    await add(c, eventId, 'Me too', top.commentId);
    await like(c, top.commentId);
    const kept = (await add(c, eventId, 'Staying')).comment;
    expect(await told(organiser)).toBe(3);
    expect(await told(b)).toBe(2);
    await remove(organiser, eventId, top.commentId);
    expect(await inbox(organiser)).toMatchObject([{ subjectType: 'event_comment', subjectId: kept.commentId }]);
    expect(await inbox(b)).toEqual([]);
  });
});
