import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationBadge, notificationList } from '#contract/notifications';
import { notifications } from '../../db/schema/notifications';
import { mailsTo } from '../../test/mailbox';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { notify } from './notify';
import { helpers, type Member } from './test-helpers';

// Issue 4: following, asking, accepting, withdrawing and rejecting tell the other member, in the list, by e-mail as
// their settings allow, and live over the bus; their counts and relationship stay current on every screen.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { send, member, toggle, listen } = helpers(() => t);

const list = async (who: Member) => okData(await send('GET', '/api/notifications', who.token), notificationList);
const badge = async (who: Member) => okData(await send('GET', '/api/notifications/badge', who.token), notificationBadge);
const setting = (who: Member, kind: string, inApp: boolean, email: boolean) =>
  send('POST', '/api/notification-setting', who.token, { settings: [{ kind, inApp, email }] });
const subjects = async (who: Member) => (await mailsTo(t.dataDir, who.email)).map((m) => /^Subject: (.*)$/m.exec(m)?.[1]);
const flushMail = () => t.app.deps.mailer.flush();

describe('following a public member', () => {
  it('writes "… started following you." for the followee and delivers it live with the badge', async () => {
    const a = await member();
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    const live = listen();
    await toggle('POST', '/api/follow', b, a.userId);
    live.stop();

    const { list: rows, unreadCount } = await list(a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'new_follower',
      message: 'Robin Ridge started following you.',
      actor: { userId: b.userId, handleName: b.handleName, firstName: 'Robin', lastName: 'Ridge', profileImage: null },
      subjectType: 'profile',
      subjectId: b.userId,
      parentId: null,
      isRead: false,
    });
    expect(unreadCount).toBe(1);
    expect(live.to(a.userId)).toEqual([
      { type: 'notification', notification: rows[0], badge: { unreadCount: 1, newFollowerRequestCount: 0 } },
      { type: 'relationship', relationship: { userId: b.userId, isFollowing: false, isRequested: false, isFollowedBy: true, isBlocked: false, isMuted: false } },
    ]);
    // The follower is told nothing about their own action.
    expect(live.to(b.userId)).toEqual([]);
    expect((await list(b)).total).toBe(0);
  });

  it('tells nobody again when the follow is repeated', async () => {
    const a = await member();
    const b = await member();
    await toggle('POST', '/api/follow', b, a.userId);
    const live = listen();
    await toggle('POST', '/api/follow', b, a.userId);
    live.stop();
    expect((await list(a)).total).toBe(1);
    expect(live.to(a.userId)).toEqual([]);
  });

  it('mails the sentence when e-mail is on (the default) and not when it is off', async () => {
    const a = await member();
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    const c = await member({ firstName: 'Kit', lastName: 'Lane' });
    await toggle('POST', '/api/follow', b, a.userId);
    await flushMail();
    const mails = await mailsTo(t.dataDir, a.email);
    // The e-mail names the member by handle, never by the display name anyone can set to anything.
    expect(await subjects(a)).toContain(`@${b.handleName} started following you`);
    expect(mails.at(-1)).toContain(`@${b.handleName} started following you.`);
    expect(mails.at(-1)).not.toContain('Robin Ridge');

    expect((await setting(a, 'new_follower', true, false)).statusCode).toBe(200);
    const before = mails.length;
    await toggle('POST', '/api/follow', c, a.userId);
    await flushMail();
    expect(await mailsTo(t.dataDir, a.email)).toHaveLength(before);
    // In the app it still arrives.
    expect((await list(a)).list[0]?.message).toBe('Kit Lane started following you.');
  });

  it('writes no row and delivers nothing with in-app off, but still mails when e-mail is on', async () => {
    const a = await member();
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    expect((await setting(a, 'new_follower', false, true)).statusCode).toBe(200);
    const live = listen();
    await toggle('POST', '/api/follow', b, a.userId);
    live.stop();
    expect(await list(a)).toMatchObject({ total: 0, unreadCount: 0 });
    expect(live.to(a.userId).filter((m) => m.type !== 'relationship')).toEqual([]);
    await flushMail();
    expect(await subjects(a)).toContain(`@${b.handleName} started following you`);
  });
});

describe('notify', () => {
  it('never tells a member about their own action', async () => {
    const a = await member();
    const live = listen();
    const written = await notify(t.app.deps, { userId: a.userId, actorId: a.userId, kind: 'new_follower', subjectType: 'profile', subjectId: a.userId });
    live.stop();
    expect(written).toBeNull();
    expect((await list(a)).total).toBe(0);
    expect(live.to(a.userId)).toEqual([]);
    await flushMail();
    expect((await subjects(a)).filter((s) => s?.includes('following you'))).toEqual([]);
  });

  it('writes, delivers and answers the notification when the actor is someone else', async () => {
    const a = await member();
    const b = await member({ firstName: 'Ana', lastName: 'Peak' });
    const live = listen();
    const written = await notify(t.app.deps, { userId: a.userId, actorId: b.userId, kind: 'request_accepted', subjectType: 'profile', subjectId: b.userId });
    live.stop();
    expect(written).toMatchObject({ kind: 'request_accepted', message: 'Ana Peak accepted your follow request.', actor: { userId: b.userId } });
    expect((await list(a)).list).toEqual([written]);
    expect(live.to(a.userId)).toEqual([{ type: 'notification', notification: written, badge: { unreadCount: 1, newFollowerRequestCount: 0 } }]);
  });
});

describe('follow requests', () => {
  it('asking a private member writes "… asked to follow you." and raises their request count', async () => {
    const a = await member({ private: true });
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    const live = listen();
    await toggle('POST', '/api/follow', b, a.userId);
    live.stop();
    const l = await list(a);
    expect(l.list.map((n) => [n.kind, n.message])).toEqual([['follow_request', 'Robin Ridge asked to follow you.']]);
    expect(l).toMatchObject({ unreadCount: 1, newFollowerRequestCount: 1 });
    expect(live.to(a.userId)[0]).toMatchObject({ type: 'notification', badge: { unreadCount: 1, newFollowerRequestCount: 1 } });
    // One message carries the badge; no second badge-only message repeats it.
    expect(live.to(a.userId).filter((m) => m.type === 'badge')).toEqual([]);
  });

  it('with in-app off for requests, no row, but the request count still reaches the member live', async () => {
    const a = await member({ private: true });
    const b = await member();
    expect((await setting(a, 'follow_request', false, false)).statusCode).toBe(200);
    const live = listen();
    await toggle('POST', '/api/follow', b, a.userId);
    live.stop();
    expect((await list(a)).total).toBe(0);
    expect(live.to(a.userId).find((m) => m.type === 'badge')).toEqual({ type: 'badge', badge: { unreadCount: 0, newFollowerRequestCount: 1 } });
  });

  it('accepting turns the request into "… started following you." (read) and tells the requester', async () => {
    const a = await member({ private: true, firstName: 'Ana', lastName: 'Peak' });
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    await toggle('POST', '/api/follow', b, a.userId);
    const [request] = (await list(a)).list;
    const live = listen();
    await toggle('POST', '/api/follow/accept', a, b.userId);
    live.stop();

    const after = await list(a);
    expect(after.list).toEqual([{ ...request, kind: 'new_follower', message: 'Robin Ridge started following you.', isRead: true }]);
    expect(after).toMatchObject({ unreadCount: 0, newFollowerRequestCount: 0 });
    expect(live.to(a.userId)).toEqual([{ type: 'badge', badge: { unreadCount: 0, newFollowerRequestCount: 0 } }]);

    const told = await list(b);
    expect(told.list.map((n) => [n.kind, n.message, n.actor?.userId, n.subjectId])).toEqual([
      ['request_accepted', 'Ana Peak accepted your follow request.', a.userId, a.userId],
    ]);
    expect(live.to(b.userId)).toEqual([
      { type: 'notification', notification: told.list[0], badge: { unreadCount: 1, newFollowerRequestCount: 0 } },
      { type: 'relationship', relationship: { userId: a.userId, isFollowing: true, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false } },
    ]);

    // Accepting again changes and tells nothing.
    const again = listen();
    await toggle('POST', '/api/follow/accept', a, b.userId);
    again.stop();
    expect(again.to(a.userId)).toEqual([]);
    expect(again.to(b.userId)).toEqual([]);
    expect((await list(b)).total).toBe(1);
  });

  it('accepting with new-follower notifications off removes the request notification instead', async () => {
    const a = await member({ private: true });
    const b = await member();
    await toggle('POST', '/api/follow', b, a.userId);
    expect((await setting(a, 'new_follower', false, true)).statusCode).toBe(200);
    await toggle('POST', '/api/follow/accept', a, b.userId);
    expect(await list(a)).toMatchObject({ total: 0, unreadCount: 0 });
  });

  it('withdrawing a request removes its notification and updates the badge live', async () => {
    const a = await member({ private: true });
    const b = await member();
    await toggle('POST', '/api/follow', b, a.userId);
    expect(await badge(a)).toEqual({ unreadCount: 1, newFollowerRequestCount: 1 });
    const live = listen();
    await toggle('POST', '/api/unFollow', b, a.userId);
    live.stop();
    expect(await list(a)).toMatchObject({ total: 0, unreadCount: 0, newFollowerRequestCount: 0 });
    expect(live.to(a.userId)).toEqual([
      { type: 'badge', badge: { unreadCount: 0, newFollowerRequestCount: 0 } },
      { type: 'relationship', relationship: expect.objectContaining({ userId: b.userId, isFollowedBy: false }) },
    ]);
  });

  it('rejecting a request removes its notification, updates the badge, and tells the requester it is no longer pending', async () => {
    const a = await member({ private: true });
    const b = await member();
    const c = await member();
    await toggle('POST', '/api/follow', b, a.userId);
    await toggle('POST', '/api/follow', c, a.userId);
    const live = listen();
    await toggle('DELETE', '/api/deleteFollowRequest', a, b.userId);
    live.stop();
    const l = await list(a);
    expect(l.list.map((n) => n.actor?.userId)).toEqual([c.userId]);
    expect(l).toMatchObject({ unreadCount: 1, newFollowerRequestCount: 1 });
    expect(live.to(a.userId)).toEqual([{ type: 'badge', badge: { unreadCount: 1, newFollowerRequestCount: 1 } }]);
    expect(live.to(b.userId)).toEqual([
      { type: 'relationship', relationship: { userId: a.userId, isFollowing: false, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false } },
    ]);
    // The requester was never told anything in their list.
    expect((await list(b)).total).toBe(0);
  });

  it('removing a member whose request is pending removes the request notification too', async () => {
    const a = await member({ private: true });
    const b = await member();
    await toggle('POST', '/api/follow', b, a.userId);
    await toggle('POST', '/api/follower/remove', a, b.userId);
    expect(await list(a)).toMatchObject({ total: 0, newFollowerRequestCount: 0 });
  });

  it('a request left pending when the profile turned public becomes a follow, and its notification with it', async () => {
    const a = await member({ private: true });
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    await toggle('POST', '/api/follow', b, a.userId);
    expect((await send('POST', '/api/profileSetting', a.token, { isPrivate: false })).statusCode).toBe(200);
    await toggle('POST', '/api/follow', b, a.userId);
    const l = await list(a);
    expect(l.list.map((n) => [n.kind, n.message])).toEqual([['new_follower', 'Robin Ridge started following you.']]);
    expect(l.newFollowerRequestCount).toBe(0);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.userId), eq(notifications.kind, 'follow_request')));
    expect(rows).toEqual([]);
  });
});

describe('relationship pushes to the other member', () => {
  const none = { isFollowing: false, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false };

  it('on unfollow and on remove-follower, the other member learns where they now stand', async () => {
    const a = await member();
    const b = await member();
    await toggle('POST', '/api/follow', b, a.userId);
    await toggle('POST', '/api/follow', a, b.userId);

    let live = listen();
    await toggle('POST', '/api/unFollow', b, a.userId);
    live.stop();
    // A still follows B; B no longer follows A.
    expect(live.to(a.userId)).toEqual([{ type: 'relationship', relationship: { ...none, userId: b.userId, isFollowing: true } }]);

    live = listen();
    await toggle('POST', '/api/follower/remove', b, a.userId);
    live.stop();
    expect(live.to(a.userId)).toEqual([{ type: 'relationship', relationship: { ...none, userId: b.userId } }]);
    expect(live.to(b.userId)).toEqual([]);
  });

  it('unfollowing someone you do not follow tells nobody', async () => {
    const a = await member();
    const b = await member();
    const live = listen();
    await toggle('POST', '/api/unFollow', b, a.userId);
    live.stop();
    expect(live.to(a.userId)).toEqual([]);
  });
});
