import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventList, eventPeople } from '#contract/events';
import { commentSaved, feed, feedCommentList, feedLikers, feedList } from '#contract/feeds';
import { notificationList } from '#contract/notifications';
import { memberList, memberProfile, relationship } from '#contract/social';
import { insertEvent } from '../events/event-test-rows';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';

// Issue 20, block and mute: a block holds both ways in every area built so far (profiles, member search, follows and
// follow lists, posts, comments, events, notifications) and answers as "not there"; a mute hides the muted member's
// posts, comments and notifications from the muter only. Each check is made before the block, during it, and after
// the unblock, so a rule that hides too much or too little fails here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<TestApp['signUp']>>;
const send = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

async function named(firstName: string) {
  const m = await t.signUp();
  const renamed = await t.app.inject({
    method: 'PUT',
    url: '/api/update_profile',
    headers: t.bearer(m.token),
    payload: { handleName: m.handleName, firstName, lastName: 'Test', bio: '', gender: 'female', dob: '1990-05-17', sports: [], location: '' },
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  return m;
}

const toggle = async (path: 'block' | 'following/notification', who: Member, whom: Member) => {
  const res = await send('POST', `/api/${path}`, who.token, { userId: whom.userId });
  return { message: body(res).message, rel: okData(res, relationship) };
};
const post = async (m: Member, title: string) => okData(await send('POST', '/api/feed', m.token, { title, description: '', isDraft: false }), feed).id;
const everyone = async (m: Member, search: string) =>
  okData(await send('GET', `/api/feed?filter_type=all&search=${search}`, m.token), feedList).list.map((f) => f.title);
const comments = async (m: Member, feedId: number) =>
  okData(await send('GET', `/api/feed/comment?feedId=${feedId}`, m.token), feedCommentList).list.map((c) => c.comment);
const found = async (m: Member, search: string) => okData(await send('GET', `/api/user/all?search=${search}`, m.token), memberList).list.map((x) => x.userId);
const notificationActors = async (m: Member) =>
  okData(await send('GET', '/api/notifications', m.token), notificationList).list.flatMap((n) => n.actors.map((a) => a.userId));

describe('block', () => {
  it('toggles with a message naming the member, ends follows both ways, and lists whom the viewer blocked', async () => {
    const [ana, ben] = [await named('Ana'), await named('Ben')];
    await send('POST', '/api/follow', ana.token, { userId: ben.userId });
    await send('POST', '/api/follow', ben.token, { userId: ana.userId });
    const blocked = await toggle('block', ana, ben);
    expect(blocked.message).toBe('Ben Test is blocked now.');
    expect(blocked.message).toContain(' blocked ');
    expect(blocked.rel).toEqual({ userId: ben.userId, isFollowing: false, isRequested: false, isFollowedBy: false, isBlocked: true, isMuted: false });
    expect(okData(await send('GET', '/api/following', ben.token), memberList).total).toBe(0);
    const list = okData(await send('GET', '/api/user/blocked/list', ana.token), memberList);
    expect(list.list.map((m) => [m.userId, m.isBlocked])).toEqual([[ben.userId, true]]);
    expect(okData(await send('GET', `/api/user/blocked/list?search=zzz`, ana.token), memberList).total).toBe(0);
    const unblocked = await toggle('block', ana, ben);
    expect(unblocked.message).toBe('Ben Test is unblocked.');
    expect(unblocked.message).not.toContain(' blocked ');
    expect(unblocked.rel.isBlocked).toBe(false);
    expect(okData(await send('GET', '/api/user/blocked/list', ana.token), memberList).total).toBe(0);
    // Follows do not come back by themselves.
    expect(okData(await send('GET', '/api/following', ana.token), memberList).total).toBe(0);
  });

  it('refuses yourself (400) and an unknown member (404)', async () => {
    const ana = await named('Ana');
    expect((await send('POST', '/api/block', ana.token, { userId: ana.userId })).statusCode).toBe(400);
    expect((await send('POST', '/api/block', ana.token, { userId: 1_999_999_999 })).statusCode).toBe(404);
    expect((await send('POST', '/api/following/notification', ana.token, { userId: ana.userId })).statusCode).toBe(400);
  });

  it('holds both ways in every area, answering as if the other were not there, and lifts with the unblock', async () => {
    const [ana, ben] = [await named('Ana'), await named('Ben')];
    const tag = `blk${ana.userId}`;
    const anasPost = await post(ana, `Ana ${tag}`);
    const bensPost = await post(ben, `Ben ${tag}`);
    const said = okData(await send('POST', '/api/feed/comment', ben.token, { feedId: anasPost, comment: `Ben says ${tag}` }), commentSaved);
    const event = await insertEvent(t.db, ana.userId, { eventName: `Ride ${tag}` });
    // Cara, on neither side, reacts and joins beside Ben: the lists Ana reads lose Ben only.
    const cara = await named('Cara');
    for (const who of [ben, cara]) {
      expect((await send('POST', '/api/feed/like', who.token, { feedId: anasPost, likeUniCode: 'U+2764' })).statusCode).toBe(200);
      expect((await send('POST', '/api/challenge/join', who.token, { challengeId: event })).statusCode).toBe(200);
    }
    const likers = async (m: Member) => okData(await send('GET', `/api/feed/likes?feedId=${anasPost}`, m.token), feedLikers).list.map((x) => x.userId).sort();
    const going = async (m: Member) =>
      okData(await send('GET', `/api/challenge/people?challengeId=${event}&list=going`, m.token), eventPeople).list.map((x) => x.userId).sort();
    expect(await likers(ana)).toEqual([ben.userId, cara.userId].sort());
    expect(await going(ana)).toEqual([ben.userId, cara.userId].sort());
    const events = async (m: Member) => okData(await send('GET', `/api/challengeActivity?search=${tag}`, m.token), eventList).list.map((e) => e.id);

    const before = { anaSees: await everyone(ana, tag), benSees: await everyone(ben, tag) };
    expect(before.anaSees.sort()).toEqual([`Ana ${tag}`, `Ben ${tag}`]);
    expect(await comments(ana, anasPost)).toEqual([`Ben says ${tag}`]);
    expect(await events(ben)).toEqual([event]);
    expect(await found(ben, ana.handleName)).toEqual([ana.userId]);

    await toggle('block', ana, ben);
    for (const [who, other, own, theirs] of [
      [ana, ben, `Ana ${tag}`, bensPost],
      [ben, ana, `Ben ${tag}`, anasPost],
    ] as const) {
      expect(await everyone(who, tag)).toEqual([own]);
      expect(await found(who, other.handleName)).toEqual([]);
      expect((await send('GET', `/api/feed/${theirs}`, who.token)).statusCode).toBe(404);
      expect((await send('POST', '/api/follow', who.token, { userId: other.userId })).statusCode).toBe(404);
    }
    // Ben's comment is gone from Ana's post for her, and he cannot reach the post to comment again.
    expect(await comments(ana, anasPost)).toEqual([]);
    expect((await send('POST', '/api/feed/comment', ben.token, { feedId: anasPost, comment: 'again' })).statusCode).toBe(404);
    expect((await send('POST', '/api/feed/comment/like', ana.token, { commentId: said.comment.commentId, isLiked: true })).statusCode).toBe(404);
    expect(await events(ben)).toEqual([]);
    expect((await send('GET', `/api/getChallengeDetails?id=${event}`, ben.token)).statusCode).toBe(404);
    expect(await likers(ana)).toEqual([cara.userId]);
    expect(await going(ana)).toEqual([cara.userId]);
    // Ana keeps Ben's header, to unblock from; Ben gets the answer for nobody.
    expect(okData(await send('GET', `/api/user-profile?userId=${ben.userId}`, ana.token), memberProfile)).toMatchObject({
      isBlocked: true,
      canViewContent: false,
      followers: null,
    });
    const hidden = await send('GET', `/api/user-profile?userId=${ana.userId}`, ben.token);
    const nobody = await send('GET', '/api/user-profile?userId=1999999999', ben.token);
    expect(hidden.statusCode).toBe(404);
    expect(body(hidden)).toEqual(body(nobody));
    // Ben's notification of his comment leaves Ana's list and count.
    expect(await notificationActors(ana)).not.toContain(ben.userId);

    await toggle('block', ana, ben);
    expect((await everyone(ben, tag)).sort()).toEqual([`Ana ${tag}`, `Ben ${tag}`]);
    expect(await comments(ana, anasPost)).toEqual([`Ben says ${tag}`]);
    expect(await events(ben)).toEqual([event]);
    expect(await found(ben, ana.handleName)).toEqual([ana.userId]);
    expect(await notificationActors(ana)).toContain(ben.userId);
    expect(await likers(ana)).toEqual([ben.userId, cara.userId].sort());
  });
});

describe('mute', () => {
  it("hides the muted member's posts, comments and notifications from the muter only, following included", async () => {
    const [ana, ben] = [await named('Ana'), await named('Ben')];
    const tag = `mut${ana.userId}`;
    await send('POST', '/api/follow', ana.token, { userId: ben.userId });
    const anasPost = await post(ana, `Ana ${tag}`);
    await post(ben, `Ben ${tag}`);
    await send('POST', '/api/feed/comment', ben.token, { feedId: anasPost, comment: `Ben says ${tag}` });
    const badge = async () => okData(await send('GET', '/api/notifications', ana.token), notificationList).unreadCount;
    const unreadBefore = await badge();
    expect(unreadBefore).toBeGreaterThan(0);

    const muted = await toggle('following/notification', ana, ben);
    expect(muted.message).toBe('Ben Test is muted now.');
    expect(muted.message).toContain(' muted ');
    expect(muted.rel).toMatchObject({ isMuted: true, isFollowing: true, isBlocked: false });
    expect(await everyone(ana, tag)).toEqual([`Ana ${tag}`]);
    const following = okData(await send('GET', `/api/feed?filter_type=following&search=${tag}`, ana.token), feedList);
    expect(following.list.map((f) => f.title)).toEqual([`Ana ${tag}`]);
    expect(await comments(ana, anasPost)).toEqual([]);
    expect(await notificationActors(ana)).not.toContain(ben.userId);
    expect(await badge()).toBe(0);
    // Ben notices nothing: he still sees Ana's post, his comment and can follow her.
    expect((await everyone(ben, tag)).sort()).toEqual([`Ana ${tag}`, `Ben ${tag}`]);
    expect(await comments(ben, anasPost)).toEqual([`Ben says ${tag}`]);
    expect(okData(await send('GET', '/api/user/muted/list', ana.token), memberList).list.map((m) => m.userId)).toEqual([ben.userId]);

    // While muted, Ben's new comment reaches Ana neither live nor by e-mail, and shows once she unmutes.
    const heard: number[] = [];
    const stop = t.app.deps.bus.subscribe((m) => {
      if (m.type === 'deliver' && m.message.type === 'notification') heard.push(m.userId);
    });
    const mailsBefore = await t.mailCount(ana.email);
    await send('POST', '/api/feed/comment', ben.token, { feedId: anasPost, comment: `Ben again ${tag}` });
    stop();
    expect(heard).not.toContain(ana.userId);
    expect(await t.mailCount(ana.email)).toBe(mailsBefore);
    expect(await badge()).toBe(0);

    expect((await toggle('following/notification', ana, ben)).message).toBe('Ben Test is unmuted.');
    expect((await everyone(ana, tag)).sort()).toEqual([`Ana ${tag}`, `Ben ${tag}`]);
    // The comment made while muted counts again: the badge counts unread notifications, one more than before.
    expect(await badge()).toBe(unreadBefore + 1);
    expect(await notificationActors(ana)).toContain(ben.userId);
  });
});
