import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationBadge, notificationList } from '#contract/notifications';
import { notifications } from '../../db/schema/notifications';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { feedHelpers, type Member } from '../feeds/feed-test-helpers';
import { unsigned } from '../media/test-images';

// Issue 19 item 12: notifications that read well. Repeats on one subject are one row ("Maya Ridge and 3 others
// reacted to your post."), each row shows what it is about (the post's first photo, a comment's first words) only
// while the Guardian lets the member see it, and reading a row reads every notification it stands for.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const h = feedHelpers(() => t);
const { send, member, toggle, listen } = h;

const inbox = async (who: Member, query = '') => okData(await send('GET', `/api/notifications${query}`, who.token), notificationList);
const read = async (who: Member, notificationId: number) =>
  okData(await send('POST', '/api/notifications/read', who.token, { notificationId }), notificationBadge);

describe('grouped notifications', () => {
  it('reactions from four members on one post are one row: the latest by name, 3 others, 3 avatars, the photo', async () => {
    const author = await member();
    const fans = [
      await member({ firstName: 'Ana', lastName: 'One' }),
      await member({ firstName: 'Ben', lastName: 'Two' }),
      await member({ firstName: 'Cy', lastName: 'Three' }),
      await member({ firstName: 'Maya', lastName: 'Ridge' }),
    ];
    const pic = await h.photo(author);
    const post = await h.create(author, { title: 'Ridge loop at dawn', images: [pic.key] });
    for (const fan of fans) await h.like(fan, post.id);

    const list = await inbox(author);
    expect(list).toMatchObject({ total: 1, unreadCount: 4 });
    const [row] = list.list;
    expect(row).toMatchObject({
      kind: 'likes',
      message: 'Maya Ridge and 3 others reacted to your post.',
      action: 'reacted to your post.',
      actor: { firstName: 'Maya' },
      otherActorCount: 3,
      groupedCount: 4,
      subjectType: 'feed',
      subjectId: post.id,
      isRead: false,
      excerpt: 'Ridge loop at dawn',
    });
    expect(row!.actors.map((a) => a.firstName)).toEqual(['Maya', 'Cy', 'Ben']);
    // The feed's own URL of the first photo: a public author's photos are served unsigned.
    expect(row!.thumbnail).toBe(post.images[0]!.thumbnail);

    // The unread badge still counts notifications; opening the row reads all four.
    expect(await read(author, row!.id)).toEqual({ unreadCount: 0, newFollowerRequestCount: 0 });
    // A member reacting again, and a new one, make a new unread row; the read ones stay one row of today.
    await h.like(fans[0]!, post.id, null);
    await h.like(fans[0]!, post.id);
    const after = await inbox(author);
    expect(after.list.map((n) => [n.message, n.groupedCount, n.isRead])).toEqual([
      ['Ana One reacted to your post.', 1, false],
      ['Maya Ridge and 3 others reacted to your post.', 4, true],
    ]);
    expect(after.unreadCount).toBe(1);
  });

  it('a live notification carries the key of the row it joins, and what it is about', async () => {
    const author = await member();
    const first = await member({ firstName: 'Ana', lastName: 'One' });
    const second = await member({ firstName: 'Ben', lastName: 'Two' });
    const pic = await h.photo(author);
    const post = await h.create(author, { images: [pic.key] });
    await h.like(first, post.id);
    const heard = listen();
    await h.like(second, post.id);
    heard.stop();
    const [row] = (await inbox(author)).list;
    const [message] = heard.to(author.userId);
    expect(message).toMatchObject({
      type: 'notification',
      notification: { message: 'Ben Two reacted to your post.', groupKey: row!.groupKey, groupedCount: 1, thumbnail: post.images[0]!.thumbnail },
      badge: { unreadCount: 2 },
    });
    expect(row).toMatchObject({ message: 'Ben Two and 1 other reacted to your post.', groupedCount: 2 });
  });

  it('a comment row shows its first words as plain text on one line, about 80 characters', async () => {
    const author = await member();
    const fan = await member({ firstName: 'Robin', lastName: 'Ridge' });
    const post = await h.create(author);
    const long = 'Great climb today!\n\nThe second switchback was   loose after the rain, so walk it if you are unsure of the line.';
    expect((await send('POST', '/api/feed/comment', fan.token, { feedId: post.id, comment: long })).statusCode).toBe(200);
    const [row] = (await inbox(author)).list;
    expect(row).toMatchObject({ message: 'Robin Ridge commented on your post.', subjectType: 'comment', parentId: post.id });
    expect(row!.excerpt).toBe('Great climb today! The second switchback was loose after the rain, so walk it if…');
    // No photo on the post: no thumbnail.
    expect(row!.thumbnail).toBeNull();
  });

  it('hides the post’s photo and words once the Guardian says the member may not see the post any more', async () => {
    const author = await member({ firstName: 'Ana', lastName: 'Post' });
    const friend = await member();
    await toggle('POST', '/api/follow', friend, author.userId);
    const pic = await h.photo(author);
    const post = await h.create(author, { title: 'Secret trail', description: `With @${friend.handleName}`, images: [pic.key] });
    const seen = async () => (await inbox(friend)).list.find((n) => n.kind === 'mentions')!;
    expect(await seen()).toMatchObject({ message: 'Ana Post mentioned you in a post.', thumbnail: post.images[0]!.thumbnail, excerpt: 'Secret trail' });

    // Private author, the friend still following: the photo is theirs to see, through a signed URL.
    expect((await send('POST', '/api/profileSetting', author.token, { isPrivate: true })).statusCode).toBe(200);
    const signed = (await seen()).thumbnail!;
    expect(unsigned(signed)).toBe(post.images[0]!.thumbnail);
    expect(signed).toMatch(/\?exp=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);

    // No longer following a private author: nothing of the post shows, the sentence stays.
    await toggle('POST', '/api/unFollow', friend, author.userId);
    expect(await seen()).toMatchObject({ message: 'Ana Post mentioned you in a post.', thumbnail: null, excerpt: null });
  });

  it('gathers read repeats by the member’s day, in their time zone', async () => {
    const author = await member();
    const [x, y] = [await member(), await member()];
    const post = await h.create(author);
    // Read, 3 hours apart: the same day in UTC, two days in Auckland (UTC+13 in March).
    const at = ['2026-03-10T10:00:00.000Z', '2026-03-10T13:00:00.000Z'];
    await t.db.insert(notifications).values(
      [x, y].map((who, i) => ({
        userId: author.userId,
        actorId: who.userId,
        kind: 'likes' as const,
        subjectType: 'feed' as const,
        subjectId: post.id,
        message: `Member ${i} reacted to your post.`,
        createdAt: new Date(at[i]!),
        readAt: new Date(),
      })),
    );
    expect((await inbox(author)).list.map((n) => n.groupedCount)).toEqual([2]);
    expect((await inbox(author, '?timeZone=Pacific/Auckland')).list.map((n) => [n.createdAt, n.groupedCount])).toEqual([
      [at[1], 1],
      [at[0], 1],
    ]);
    const refused = await send('GET', '/api/notifications?timeZone=Mars/Olympus', author.token);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).errors).toHaveProperty('timeZone');
  });
});
