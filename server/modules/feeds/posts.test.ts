import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed } from '#contract/feeds';
import { hashTagOptions } from '#contract/social';
import { feedHashtags, hashtags } from '../../db/schema/feeds';
import { uploads } from '../../db/schema/media';
import { notifications } from '../../db/schema/notifications';
import { exportSections } from '../account/export-sections';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { unsigned } from '../media/test-images';
import { feedHelpers, type Member } from './feed-test-helpers';

let t: TestApp;
const h = feedHelpers(() => t);
let robin: Member;
let maya: Member;
beforeAll(async () => {
  t = await createTestApp();
  robin = await h.member({ firstName: 'Robin', lastName: 'Ridge' });
  maya = await h.member({ firstName: 'Maya', lastName: 'Moss' });
});
afterAll(() => t?.close());

const attachedAt = async (keys: string[]) =>
  new Map((await t.db.select({ key: uploads.key, attachedAt: uploads.attachedAt }).from(uploads).where(inArray(uploads.key, keys))).map((u) => [u.key, u.attachedAt]));
const useCount = async (tag: string) => (await t.db.select({ n: hashtags.useCount }).from(hashtags).where(eq(hashtags.tagName, tag)))[0]?.n ?? 0;

describe('creating, editing and deleting a post', () => {
  it('creates a post with photos in order, their dimens, and answers it whole', async () => {
    const wide = await h.photo(robin, 60, 30);
    const tall = await h.photo(robin, 20, 50);
    const res = await h.createCall(robin, { title: 'Dawn patrol', description: 'Cold start', images: [tall.key, wide.key], location: 'Ridge Park', latitude: 47.5, longitude: -122.3 });
    expect(body(res).message).toBe('Feed Created Successfully');
    const post = await h.detail(robin, okData(res, feed).id);
    expect(post).toMatchObject({
      title: 'Dawn patrol',
      description: 'Cold start',
      isDraft: false,
      author: { userId: robin.userId, firstName: 'Robin' },
      location: 'Ridge Park',
      latitude: 47.5,
      longitude: -122.3,
      commentCount: 0,
      likes: { total: 0, mine: null, byCode: [] },
    });
    expect(post.images.map((i) => [i.key, i.dimens])).toEqual([
      [tall.key, tall.dimens],
      [wide.key, wide.dimens],
    ]);
    expect(post.images[0]!.url).toBe(unsigned(tall.url));
    expect(post.images[0]!.thumbnail).toBe(unsigned(tall.thumbnail));
    expect(post.publishedAt).not.toBeNull();
    expect([...(await attachedAt([tall.key, wide.key])).values()].every(Boolean)).toBe(true);
  });

  it('edits: removed photos are let go, new ones attached, the order kept', async () => {
    const [a, b, c] = [await h.photo(robin), await h.photo(robin), await h.photo(robin)];
    const post = await h.create(robin, { images: [a.key, b.key] });
    const res = await h.editCall(robin, { id: post.id, title: 'Renamed', images: [c.key, a.key] });
    expect(body(res).message).toBe('Post updated.');
    const edited = await h.detail(robin, post.id);
    expect(edited.title).toBe('Renamed');
    expect(edited.images.map((i) => i.key)).toEqual([c.key, a.key]);
    expect(edited.publishedAt).toBe(post.publishedAt);
    const attached = await attachedAt([a.key, b.key, c.key]);
    expect(attached.get(a.key)).not.toBeNull();
    expect(attached.get(c.key)).not.toBeNull();
    expect(attached.get(b.key)).toBeNull();
  });

  it('refuses someone else’s photo, a photo of another post, a profile photo and more than 10', async () => {
    const theirs = await h.photo(maya);
    const refused = await h.createCall(robin, { title: 'x', images: [theirs.key] });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).errors).toHaveProperty('images');

    const used = await h.photo(robin);
    await h.create(robin, { images: [used.key] });
    expect(body(await h.createCall(robin, { title: 'x', images: [used.key] })).errors).toHaveProperty('images');

    const eleven = Array.from({ length: 11 }, (_, i) => `k${String(i).padStart(21, '0')}`);
    expect((await h.createCall(robin, { title: 'x', images: eleven })).statusCode).toBe(400);
  });

  it('needs a title, a description or a photo', async () => {
    const res = await h.createCall(robin, { title: '  ', description: '' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ title: ['Add a title, a description, a photo or an activity.'] });
    const photoOnly = await h.photo(robin);
    expect((await h.createCall(robin, { images: [photoOnly.key] })).statusCode).toBe(200);
  });

  it('keeps a draft unpublished until published, then places it at its publish time', async () => {
    const draft = await h.create(robin, { title: 'Not yet', isDraft: true });
    expect(draft).toMatchObject({ isDraft: true, publishedAt: null });
    expect(await h.ids(robin)).not.toContain(draft.id);
    expect(await h.ids(robin, 'filter_type=mine')).toContain(draft.id);

    const later = await h.create(robin, { title: 'Published meanwhile' });
    t.clock.advance(60_000);
    const published = await h.edit(robin, { id: draft.id, title: 'Now', isDraft: false });
    expect(published.isDraft).toBe(false);
    expect(new Date(published.publishedAt!).getTime()).toBeGreaterThan(new Date(later.publishedAt!).getTime());
    const all = await h.ids(robin);
    expect(all.indexOf(draft.id)).toBeLessThan(all.indexOf(later.id));

    const back = await h.editCall(robin, { id: draft.id, title: 'Now', isDraft: true });
    expect(back.statusCode).toBe(400);
    expect(body(back).errors).toHaveProperty('isDraft');
  });

  it('deletes the author’s own post with its photos and tag counts; anyone else gets 404', async () => {
    const pic = await h.photo(robin);
    const tag = `gone${Date.now()}`;
    const post = await h.create(robin, { description: `#${tag}`, images: [pic.key] });
    expect(await useCount(tag)).toBe(1);
    h.expectNotFound(await h.removeCall(maya, post.id));
    expect((await h.detail(robin, post.id)).id).toBe(post.id);

    const res = await h.removeCall(robin, post.id);
    expect(body(res)).toMatchObject({ code: 200, message: 'Feed Deleted Successfully' });
    h.expectNotFound(await h.detailCall(robin, post.id));
    h.expectNotFound(await h.removeCall(robin, post.id));
    expect((await attachedAt([pic.key])).get(pic.key)).toBeNull();
    expect(await useCount(tag)).toBe(0);
  });

  it('takes the notifications about the post and its comments with it, and the badges follow', async () => {
    const post = await h.create(robin, { description: 'Loop of the day' });
    await h.like(maya, post.id);
    const comment = await h.send('POST', '/api/feed/comment', maya.token, { feedId: post.id, comment: 'Lovely' });
    expect(comment.statusCode, comment.body).toBe(200);
    const about = () =>
      t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, robin.userId),
            or(
              and(eq(notifications.subjectType, 'feed'), eq(notifications.subjectId, post.id)),
              and(eq(notifications.subjectType, 'comment'), eq(notifications.parentId, post.id)),
            ),
          ),
        );
    expect(await about()).toHaveLength(2);
    const badges: number[] = [];
    const stop = t.app.deps.bus.subscribe((m) => {
      if (m.type === 'deliver' && m.userId === robin.userId && m.message.type === 'badge') badges.push(m.message.badge.unreadCount);
    });
    expect((await h.removeCall(robin, post.id)).statusCode).toBe(200);
    stop();
    expect(await about()).toHaveLength(0);
    expect(badges).toHaveLength(1);
  });

  it('edits only the author’s own post: someone else’s id is a 404 and changes nothing', async () => {
    const post = await h.create(robin, { title: 'Mine' });
    h.expectNotFound(await h.editCall(maya, { id: post.id, title: 'Hijacked' }));
    expect((await h.detail(robin, post.id)).title).toBe('Mine');
    expect((await h.createCall(robin, { id: post.id, title: 'x' })).statusCode).toBe(400);
    expect((await h.editCall(robin, { title: 'no id' })).statusCode).toBe(400);
  });

  it('rejects fields it does not know (mass assignment)', async () => {
    for (const extra of [{ userId: maya.userId }, { likeCount: 99 }, { commentCount: 5 }, { publishedAt: '2020-01-01T00:00:00Z' }]) {
      const res = await h.createCall(robin, { title: 'x', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const post = await h.create(robin);
    expect((await h.send('POST', '/api/feed/like', robin.token, { feedId: post.id, likeUniCode: 'U+2764', userId: maya.userId })).statusCode).toBe(400);
  });

  it('stores the XSS corpus as the same plain text', async () => {
    const corpus = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)>', '<script>alert(1)</script>'];
    for (const text of corpus) {
      const post = await h.create(robin, { title: text, description: text });
      const read = await h.detail(maya, post.id);
      expect([read.title, read.description]).toEqual([text, text]);
    }
  });
});

describe('hashtags', () => {
  it('stores them normalised, counts published posts only and follows edits', async () => {
    const tag = `gravel${Date.now()}`;
    const post = await h.create(robin, { title: `Morning #${tag.toUpperCase()}`, description: `#Sunrise and #${tag} again` });
    expect(post.hashtags).toEqual([tag, 'sunrise']);
    expect(await useCount(tag)).toBe(1);

    const draft = await h.create(maya, { description: `#${tag}`, isDraft: true });
    expect(await useCount(tag)).toBe(1);
    await h.edit(maya, { id: draft.id, description: `#${tag}` });
    expect(await useCount(tag)).toBe(2);

    await h.edit(robin, { id: post.id, title: 'Morning', description: 'no tags' });
    expect(await useCount(tag)).toBe(1);
    const links = await t.db.select().from(feedHashtags).where(eq(feedHashtags.feedId, post.id));
    expect(links).toEqual([]);

    const options = okData(await h.send('GET', `/api/feedTag?search=%23${tag.slice(0, 8)}`, robin.token), hashTagOptions);
    expect(options.list).toContainEqual({ tagName: tag, useCount: 1 });
  });
});

describe('mentions', () => {
  it('links @handles the author may mention and tagged members; unknown handles stay text', async () => {
    const author = await h.member({ firstName: 'Ari', lastName: 'Stone' });
    const friend = await h.member();
    const fan = await h.member();
    const stranger = await h.member();
    await h.followAccepted(author, friend);
    await h.followAccepted(fan, author);
    const post = await h.create(author, { description: `With @${friend.handleName} and @${stranger.handleName} and @nobodyhere`, tagUser: [fan.userId] });
    expect(post.tagUser.map((m) => m.userId)).toEqual([friend.userId, fan.userId]);
    expect(post.description).toContain('@nobodyhere');

    const refused = await h.createCall(author, { title: 'x', tagUser: [stranger.userId] });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).errors).toHaveProperty('tagUser');
  });
});

describe('data export', () => {
  it('lists the member’s posts with their photos’ files, drafts included, and the reactions they gave', async () => {
    // The section as the export's list (account/export-sections.ts) holds it.
    const section = exportSections.find((s) => s.name === 'feeds')!;
    const writer = await h.member();
    const pic = await h.photo(writer);
    const post = await h.create(writer, { title: 'Exported', images: [pic.key] });
    await h.create(writer, { title: 'Draft too', isDraft: true });
    const others = await h.create(robin, { title: 'Robin’s words' });
    await h.like(writer, others.id, 'U+1F603');
    const data = (await section.collect(t.db, writer.userId)) as {
      posts: { id: number; title: string; isDraft: boolean; images: { uploadKey: string; file: string | null }[] }[];
    };
    const given = (await exportSections.find((s) => s.name === 'reactionsAndComments')!.collect(t.db, writer.userId)) as { reactions: { on: string; feedId: number; likeUniCode: string }[] };
    expect(data.posts.map((p) => [p.title, p.isDraft])).toEqual([
      ['Exported', false],
      ['Draft too', true],
    ]);
    expect(data.posts[0]!.images).toEqual([{ uploadKey: pic.key, file: expect.stringMatching(new RegExp(`^media/${pic.key}/original\\.png$`)), dimens: pic.dimens }]);
    expect(given.reactions).toEqual([{ on: 'post', feedId: others.id, likeUniCode: 'U+1F603', createdAt: expect.any(Date) }]);
    expect(JSON.stringify(data)).not.toContain('Robin’s words');
    expect(post.id).toBe(data.posts[0]!.id);
  });
});
