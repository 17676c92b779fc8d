import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationList } from '#contract/notifications';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { feedHelpers, type Member } from './feed-test-helpers';

let t: TestApp;
const h = feedHelpers(() => t);
let robin: Member;
beforeAll(async () => {
  t = await createTestApp();
  robin = await h.member({ firstName: 'Robin', lastName: 'Ridge' });
});
afterAll(() => t?.close());

const notificationsOf = async (m: Member) => okData(await h.send('GET', '/api/notifications', m.token), notificationList).list;

describe('reactions', () => {
  it('adds, switches and removes the viewer’s reaction, with counts per code', async () => {
    const post = await h.create(robin);
    const [a, b, c] = [await h.member(), await h.member(), await h.member()];
    expect((await h.like(a, post.id)).likes).toEqual({ total: 1, mine: 'U+2764', byCode: [{ likeUniCode: 'U+2764', count: 1 }] });
    await h.like(b, post.id, 'U+1F62E');
    const third = await h.like(c, post.id, 'U+1F62E');
    expect(third.likes).toEqual({
      total: 3,
      mine: 'U+1F62E',
      byCode: [
        { likeUniCode: 'U+2764', count: 1 },
        { likeUniCode: 'U+1F62E', count: 2 },
      ],
    });
    // Switching keeps the total; the message is the server's.
    const switched = await h.likeCall(a, post.id, 'U+1F622');
    expect(switched.json()).toMatchObject({ message: 'Reaction saved.', data: { likes: { total: 3, mine: 'U+1F622' } } });
    // Removing lowers it; removing again changes nothing.
    expect((await h.like(b, post.id, null)).likes).toMatchObject({ total: 2, mine: null });
    expect((await h.like(b, post.id, null)).likes.total).toBe(2);
    // Every viewer sees the same counts, and their own reaction.
    expect((await h.detail(robin, post.id)).likes).toEqual({
      total: 2,
      mine: null,
      byCode: [
        { likeUniCode: 'U+1F62E', count: 1 },
        { likeUniCode: 'U+1F622', count: 1 },
      ],
    });
    expect((await h.list(c, `userId=${robin.userId}`)).list.find((f) => f.id === post.id)?.likes.mine).toBe('U+1F62E');
  });

  it('stores the spec’s U+1245 as thumbs-up U+1F44D', async () => {
    const post = await h.create(robin);
    const fan = await h.member();
    expect((await h.like(fan, post.id, 'U+1245')).likes).toMatchObject({ mine: 'U+1F44D', byCode: [{ likeUniCode: 'U+1F44D', count: 1 }] });
    expect((await h.likers(robin, post.id, '&likeUniCode=U%2B1245')).list.map((l) => l.userId)).toEqual([fan.userId]);
    expect((await h.likeCall(fan, post.id, 'U+1F600')).statusCode).toBe(400);
  });

  it('lists who reacted, newest first, by code, paged by keyset', async () => {
    const post = await h.create(robin);
    const fans: Member[] = [];
    for (let i = 0; i < 23; i++) {
      const fan = await h.member();
      t.clock.advance(1000);
      await h.like(fan, post.id, i % 2 ? 'U+1F603' : 'U+2764');
      fans.push(fan);
    }
    const first = await h.likers(robin, post.id);
    expect(first).toMatchObject({ total: 23, per_page: 20, last_page: 2 });
    expect(first.list[0]).toMatchObject({ userId: fans[22]!.userId, likeUniCode: 'U+2764', handleName: fans[22]!.handleName });
    const second = await h.likers(robin, post.id, `&page=2&cursor=${first.next_cursor}`);
    expect([...first.list, ...second.list].map((l) => l.userId)).toEqual(fans.map((f) => f.userId).reverse());
    expect((await h.likers(robin, post.id, '&likeUniCode=U%2B1F603')).total).toBe(11);
  });
});

describe('notifications', () => {
  it('tells the author of a new reaction once, not of a switch, never of their own', async () => {
    const author = await h.member({ firstName: 'Sam', lastName: 'Peak' });
    const post = await h.create(author);
    await h.like(author, post.id);
    expect(await notificationsOf(author)).toEqual([]);
    await h.like(robin, post.id);
    await h.like(robin, post.id, 'U+1F642');
    const told = await notificationsOf(author);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'likes', message: 'Robin Ridge reacted to your post.', subjectType: 'feed', subjectId: post.id });
  });

  it('tells members mentioned when the post is published, only newly mentioned ones on edits, never the author', async () => {
    const maya = await h.member({ firstName: 'Maya', lastName: 'Moss' });
    const jo = await h.member();
    await h.followAccepted(maya, robin);
    await h.followAccepted(jo, robin);
    const live = h.listen();
    const draft = await h.create(robin, { description: `Out with @${maya.handleName} @${robin.handleName}`, isDraft: true });
    expect(await notificationsOf(maya)).toEqual([]);
    await h.edit(robin, { id: draft.id, description: `Out with @${maya.handleName} @${robin.handleName}` });
    const told = await notificationsOf(maya);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'mentions', message: 'Robin Ridge mentioned you in a post.', subjectType: 'feed', subjectId: draft.id });
    expect(live.to(maya.userId).some((m) => m.type === 'notification')).toBe(true);
    live.stop();

    await h.edit(robin, { id: draft.id, description: `Out with @${maya.handleName} and @${jo.handleName}` });
    expect(await notificationsOf(maya)).toHaveLength(1);
    expect(await notificationsOf(jo)).toHaveLength(1);
    expect((await notificationsOf(robin)).filter((n) => n.kind === 'mentions')).toEqual([]);
  });

  it('honours the member’s settings', async () => {
    const quiet = await h.member();
    await h.followAccepted(quiet, robin);
    const off = await h.send('POST', '/api/notification-setting', quiet.token, {
      settings: [
        { kind: 'mentions', inApp: false, email: false },
        { kind: 'likes', inApp: false, email: false },
      ],
    });
    expect(off.statusCode, off.body).toBe(200);
    await h.create(robin, { description: `Hi @${quiet.handleName}` });
    const own = await h.create(quiet);
    await h.like(robin, own.id);
    expect(await notificationsOf(quiet)).toEqual([]);
  });

  it('does not tell a mentioned member who may not see a private author’s post', async () => {
    const hidden = await h.member({ private: true });
    const friend = await h.member();
    // `hidden` follows `friend`, so may mention them, but `friend` does not follow `hidden`.
    await h.followAccepted(hidden, friend);
    await h.create(hidden, { description: `@${friend.handleName}` });
    expect(await notificationsOf(friend)).toEqual(expect.not.arrayContaining([expect.objectContaining({ kind: 'mentions' })]));
  });
});
