import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLikes } from '#contract/events';
import { notificationList, type Notification } from '#contract/notifications';
import { events } from '../../db/schema/events';
import { subjects } from '../../db/schema/subjects';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventCommentHelpers } from './event-comment-test-helpers';
import { eventHelpers, type Member } from './event-test-helpers';

// A member deleting their account leaves every event as if they had opted out: the counts follow, the first member
// waiting moves up and is told; their reactions and comments go with the counts kept right; the events they organised
// go, and with them every notification about those events.

let t: TestApp;
const h = eventHelpers(() => t);
const c = eventCommentHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const deleteAccount = async (m: Member) => {
  const res = await h.send('POST', '/api/account/delete', m.token, { password: m.password });
  expect(res.statusCode, res.body).toBe(200);
};
const notificationsOf = async (m: Member): Promise<Notification[]> => okData(await h.send('GET', '/api/notifications', m.token), notificationList).list;
const unread = async (m: Member) => okData(await h.send('GET', '/api/notifications', m.token), notificationList).unreadCount;
const react = async (who: Member, id: number, likeUniCode: string | null) =>
  okData(await h.send('POST', '/api/saveProductLike', who.token, { id, likeUniCode, type: 'challenge' }), productLikes);
const stored = async (eventId: number) => {
  const [row] = await t.db
    .select({ going: events.goingCount, waiting: events.waitlistCount, interested: events.interestedCount, likes: subjects.likeCount, comments: subjects.commentCount })
    .from(events)
    .innerJoin(subjects, eq(subjects.id, events.subjectId))
    .where(eq(events.id, eventId));
  return row;
};

describe('deleting an account: events they joined', () => {
  it('gives their place to the first member waiting, who is told, and lowers every count', async () => {
    const organiser = await h.member({ firstName: 'Maya', lastName: 'Stone' });
    const leaving = await h.member();
    const first = await h.member();
    const second = await h.member();
    // The organiser's place and one more.
    const saved = await h.create(organiser, { capacity: 2 });
    await h.join(leaving, saved.id);
    await h.interest(leaving, saved.id);
    await h.join(first, saved.id);
    await h.join(second, saved.id);
    await h.interest(second, saved.id);
    expect((await h.detail(organiser, saved.id)).status).toMatchObject({ goingCount: 2, waitlistCount: 2, interestedCount: 2 });

    const heard = h.listen();
    try {
      await deleteAccount(leaving);
      // The first waiting moved up, the second is now first; the counts are the rows that are left.
      expect(await h.detail(first, saved.id)).toMatchObject({ status: { isGoing: true, isWaitlisted: false, goingCount: 2, waitlistCount: 1, interestedCount: 1 } });
      expect((await h.detail(second, saved.id)).status).toMatchObject({ isWaitlisted: true, waitlistPosition: 1 });
      expect((await h.people(organiser, saved.id, 'going')).list.map((p) => p.userId)).toEqual([organiser.userId, first.userId]);
      expect((await h.people(organiser, saved.id, 'waitlist')).list.map((p) => p.userId)).toEqual([second.userId]);
      expect((await h.people(organiser, saved.id, 'interested')).list.map((p) => p.userId)).toEqual([second.userId]);

      // Told as when someone opts out: in the list, and live once the deletion committed.
      const told = (await notificationsOf(first)).filter((n) => n.subjectType === 'event' && n.subjectId === saved.id);
      expect(told.map((n) => n.message)).toEqual(['A place opened up at Maya Stone’s event: you’re going now.']);
      expect(heard.to(first.userId).some((m) => m.type === 'notification' && m.notification.subjectId === saved.id)).toBe(true);
      expect((await notificationsOf(second)).some((n) => n.subjectType === 'event')).toBe(false);
    } finally {
      heard.stop();
    }
    // The next place given up goes to the member who was second.
    await h.leave(first, saved.id);
    expect((await h.detail(second, saved.id)).status).toMatchObject({ isGoing: true, goingCount: 2, waitlistCount: 0 });
  });

  it('lowers only the waitlist when they were waiting, and only interest when they were interested', async () => {
    const organiser = await h.member();
    const going = await h.member();
    const leaving = await h.member();
    const full = await h.create(organiser, { capacity: 2 });
    const open = await h.create(organiser);
    await h.join(going, full.id);
    await h.join(leaving, full.id);
    await h.interest(leaving, open.id);
    expect(await stored(full.id)).toMatchObject({ going: 2, waiting: 1 });
    expect(await stored(open.id)).toMatchObject({ interested: 1 });

    await deleteAccount(leaving);
    expect(await stored(full.id)).toMatchObject({ going: 2, waiting: 0, interested: 0 });
    expect(await stored(open.id)).toMatchObject({ going: 1, waiting: 0, interested: 0 });
    expect((await h.detail(going, full.id)).status).toMatchObject({ isGoing: true, goingCount: 2, waitlistCount: 0 });
  });
});

describe('deleting an account: reactions and comments on events', () => {
  it('keeps the like, comment, reply and comment-like counts equal to what is left, and drops notices about removed comments', async () => {
    const organiser = await h.member();
    const leaving = await h.member();
    const other = await h.member();
    const mentioned = await h.member();
    const saved = await h.create(organiser);
    // A member may mention only those they are connected to.
    await h.followAccepted(other, mentioned);
    await react(leaving, saved.id, 'U+2764');
    await react(other, saved.id, 'U+1F44D');

    const theirs = await c.add(leaving, saved.id, 'Who brings the pump?');
    const replyUnderTheirs = await c.add(other, saved.id, `I do, ask @${mentioned.handleName}`, theirs.comment.commentId);
    const kept = await c.add(other, saved.id, 'See you there');
    await c.add(leaving, saved.id, 'Me too', kept.comment.commentId);
    await c.like(leaving, kept.comment.commentId);
    await c.like(other, kept.comment.commentId);
    expect(await stored(saved.id)).toMatchObject({ likes: 2, comments: 4 });
    expect((await notificationsOf(mentioned)).some((n) => n.subjectType === 'event_comment' && n.subjectId === replyUnderTheirs.comment.commentId)).toBe(true);
    const unreadBefore = await unread(mentioned);

    await deleteAccount(leaving);
    // Left: the other member's reaction, their top-level comment; the reply under the removed comment went with it.
    expect(await stored(saved.id)).toMatchObject({ likes: 1, comments: 1 });
    expect(await c.counts(saved.id)).toEqual({ stored: 1, actual: 1 });
    const seen = await h.detail(other, saved.id);
    expect(seen.likes).toMatchObject({ total: 1, mine: 'U+1F44D' });
    expect(seen.commentCount).toBe(1);
    const [comment] = (await c.list(other, saved.id)).list;
    expect(comment).toMatchObject({ commentId: kept.comment.commentId, likeCount: 1, isLiked: true, replyCount: 0, reply: [] });
    // The mention in the removed reply leads nowhere now, so it is gone (and the badge with it).
    expect((await notificationsOf(mentioned)).some((n) => n.subjectType === 'event_comment')).toBe(false);
    expect(await unread(mentioned)).toBe(unreadBefore - 1);
  });
});

describe('deleting an account: events they organised', () => {
  it('takes the events and every notification about them, so nobody is left with a link to nothing', async () => {
    const organiser = await h.member();
    const cohost = await h.member();
    const invitee = await h.member();
    const attendee = await h.member();
    const mentioned = await h.member();
    const saved = await h.createWithCohosts(organiser, [cohost], { capacity: 2 });
    await h.join(attendee, saved.id);
    await h.followAccepted(attendee, mentioned);
    // An invitation from the co-host, and a comment mentioning someone: notifications whose actor stays.
    await h.connect(cohost, invitee);
    await h.invite(cohost, saved.id, [invitee.userId]);
    await c.add(attendee, saved.id, `Bring @${mentioned.handleName} along`);
    const waiting = await h.member();
    await h.join(waiting, saved.id);
    expect((await notificationsOf(invitee)).some((n) => n.subjectType === 'event' && n.subjectId === saved.id)).toBe(true);
    expect((await notificationsOf(mentioned)).some((n) => n.subjectType === 'event_comment' && n.parentId === saved.id)).toBe(true);
    const unreadBefore = { invitee: await unread(invitee), mentioned: await unread(mentioned) };

    const heard = h.listen();
    try {
      await deleteAccount(organiser);
    } finally {
      heard.stop();
    }
    h.expectNotFound(await h.detailCall(attendee, saved.id));
    for (const m of [cohost, invitee, attendee, mentioned, waiting]) {
      const about = (await notificationsOf(m)).filter((n) => (n.subjectType === 'event' && n.subjectId === saved.id) || (n.subjectType === 'event_comment' && n.parentId === saved.id));
      expect(about, `member ${m.userId}`).toEqual([]);
    }
    // The badges drop, and the members' open screens hear so.
    expect(await unread(invitee)).toBe(unreadBefore.invitee - 1);
    expect(await unread(mentioned)).toBe(unreadBefore.mentioned - 1);
    expect(heard.to(invitee.userId)).toContainEqual({ type: 'badge', badge: { unreadCount: unreadBefore.invitee - 1, newFollowerRequestCount: 0 } });
  });
});
