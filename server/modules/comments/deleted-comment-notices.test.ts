import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationBadge, notificationList } from '#contract/notifications';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventCommentHelpers } from '../events/event-comment-test-helpers';
import { commentHelpers, type Member } from '../feeds/comment-test-helpers';

// Issue 17 item 6: a deleted comment takes every notification it caused with it (on posts and on events alike: the
// owner's "commented", the parent author's "replied", the mentions, even one an edit has since dropped, and the
// likes), each member's badge drops, and the new badge reaches them live as a new notification's would.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const posts = commentHelpers(() => t);
const events = eventCommentHelpers(() => t);
const { send, member, toggle, listen } = posts;

const inbox = async (who: Member) => okData(await send('GET', '/api/notifications', who.token), notificationList).list;
const badge = async (who: Member) => okData(await send('GET', '/api/notifications/badge', who.token), notificationBadge);
/** What a member was told about comments (following someone in the setup tells them of that too). */
const aboutComments = async (who: Member) => (await inbox(who)).filter((n) => n.subjectType === 'comment' || n.subjectType === 'event_comment');

/** The calls of one kind of subject, as the test below makes them. */
type Thread = {
  subject(owner: Member): Promise<number>;
  add(who: Member, subjectId: number, text: string, parentId?: number): Promise<{ comment: { commentId: number } }>;
  edit(who: Member, subjectId: number, commentId: number, text: string): Promise<unknown>;
  like(who: Member, commentId: number): Promise<unknown>;
  remove(who: Member, subjectId: number, commentId: number): Promise<unknown>;
};

const threads: Record<'post' | 'event', Thread> = {
  post: { subject: (owner) => posts.post(owner), add: posts.add, edit: posts.edit, like: posts.like, remove: posts.remove },
  event: { subject: (owner) => events.event(owner), add: events.add, edit: events.edit, like: events.like, remove: events.remove },
};

describe.each(['post', 'event'] as const)('deleting a comment on a %s', (kind) => {
  const thread = threads[kind];

  it('its author deleting it takes every notification it caused, and the badges drop, live', async () => {
    const owner = await member({ firstName: 'Ana', lastName: 'Owner' });
    const writer = await member({ firstName: 'Ben', lastName: 'Writer' });
    const mentioned = await member({ firstName: 'Cy', lastName: 'Named' });
    const replier = await member({ firstName: 'Di', lastName: 'Replier' });
    await toggle('POST', '/api/follow', writer, mentioned.userId);
    const subjectId = await thread.subject(owner);

    const { commentId } = (await thread.add(writer, subjectId, `Great day, @${mentioned.handleName}`)).comment;
    // The mention was told; an edit that drops it does not take the telling back.
    await thread.edit(writer, subjectId, commentId, 'Great day');
    await thread.add(replier, subjectId, 'Agreed', commentId);
    await thread.like(mentioned, commentId);
    const kept = (await thread.add(replier, subjectId, 'Staying')).comment.commentId;

    // Three notifications (Ben's comment, Di's reply and Di's comment), one row since issue 19: the latest stands for
    // them, Di first and Ben as the one other.
    const row = (n: { subjectId: number; groupedCount: number; otherActorCount: number }) => [n.subjectId, n.groupedCount, n.otherActorCount];
    expect((await inbox(owner)).map(row)).toEqual([[kept, 3, 1]]);
    expect(await badge(owner)).toMatchObject({ unreadCount: 3 });
    expect((await aboutComments(mentioned)).map((n) => n.kind)).toEqual(['mentions']);
    // Told of the mention, and of the writer's follow.
    expect(await badge(mentioned)).toMatchObject({ unreadCount: 2 });
    expect((await inbox(writer)).map((n) => n.kind).sort()).toEqual(['comments', 'likes']);

    const heard = listen();
    await thread.remove(writer, subjectId, commentId);
    heard.stop();

    expect((await inbox(owner)).map(row)).toEqual([[kept, 1, 0]]);
    expect(await badge(owner)).toMatchObject({ unreadCount: 1 });
    expect(await aboutComments(mentioned)).toEqual([]);
    expect((await inbox(mentioned)).map((n) => n.kind)).toEqual(['new_follower']);
    expect(await badge(mentioned)).toMatchObject({ unreadCount: 1 });
    expect(await inbox(writer)).toEqual([]);
    expect(await badge(writer)).toMatchObject({ unreadCount: 0 });
    expect(heard.to(owner.userId)).toEqual([{ type: 'badge', badge: { unreadCount: 1, newFollowerRequestCount: 0 } }]);
    expect(heard.to(mentioned.userId)).toEqual([{ type: 'badge', badge: { unreadCount: 1, newFollowerRequestCount: 0 } }]);
    expect(heard.to(writer.userId)).toEqual([{ type: 'badge', badge: { unreadCount: 0, newFollowerRequestCount: 0 } }]);
    // Nobody the comment never told hears anything.
    expect(heard.to(replier.userId)).toEqual([]);
  });
});
