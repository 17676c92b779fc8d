import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, SHORT_NEEDS_VIDEO, type FeedVisibility } from '#contract/feeds';
import { notificationList } from '#contract/notifications';
import { profileSummaryData } from '#contract/profile';
import { createTestApp, body, okData, type TestApp } from '../../test/test-app';
import { exportSections } from '../account/export-sections';
import { shortHelpers } from './short-test-helpers';
import type { Member } from './feed-test-helpers';

// Shorts (issue 22): a post with one video, saved and listed by /api/video-feed, read, reacted to, commented on and
// deleted as a post. Published before its video is ready it waits, for its author only, and comes out when it is.

let t: TestApp;
const h = shortHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const unsignedPath = (url: string) => url.split('?')[0]!;

describe('saving a short', () => {
  it('needs exactly one video of the member’s own, and says so', async () => {
    const a = await h.member();
    const b = await h.member();
    const none = await h.saveCall(a, { title: 'No video' });
    expect(none.statusCode).toBe(400);
    expect(body(none).errors).toEqual({ videos: [SHORT_NEEDS_VIDEO] });
    const theirs = await h.saveCall(b, { title: 'Not mine', videos: [await h.uploadVideo(a)] });
    expect(body(theirs).errors).toEqual({ videos: ['Upload the video again.'] });
    // A photo's key is not a video.
    const photo = await h.photo(a);
    expect(body(await h.saveCall(a, { videos: [photo.key] })).errors).toEqual({ videos: ['Upload the video again.'] });
    // Nothing was saved for either.
    expect(await h.shortIds(a, 'filter_type=mine')).toEqual([]);
    expect(await h.shortIds(b, 'filter_type=mine')).toEqual([]);
  });

  it('published before its video is ready, waits for it (its author sees why), then comes out with its tags and mentions', async () => {
    const author = await h.member();
    const friend = await h.member({ firstName: 'Mia' });
    await h.followAccepted(friend, author);
    await h.followAccepted(author, friend);
    const other = await h.member();
    const key = await h.uploadVideo(author);
    const short = await h.save(author, { title: 'Creek crossing', description: `#wetfeet with @${friend.handleName}`, videos: [key] });
    expect(short).toMatchObject({ kind: 'short', isDraft: false, publishedAt: null, visibility: 'everyone', hashtags: ['wetfeet'] });
    expect(short.videos).toEqual([expect.objectContaining({ key, status: 'processing', videoUrl: '', thumbnail: '', failure: null })]);
    // Nobody else sees it yet, anywhere; the mention waits too.
    h.expectNotFound(await h.detailCall(other, short.id));
    expect(await h.shortIds(other)).not.toContain(short.id);
    expect(await h.shortIds(friend, 'search=%23wetfeet')).toEqual([]);
    const mentions = async () =>
      okData(await h.send('GET', '/api/notifications?page=1', friend.token), notificationList).list.filter((n) => n.subjectId === short.id);
    expect(await mentions()).toEqual([]);

    await h.drain();
    const out = await h.detail(other, short.id);
    expect(out).toMatchObject({ id: short.id, kind: 'short', isDraft: false, author: { userId: author.userId } });
    expect(out.publishedAt).not.toBeNull();
    expect(out.videos[0]).toMatchObject({ key, status: 'ready', width: 72, height: 128 });
    expect(out.videos[0]!.videoUrl).toBe(`/media/${key}/video.mp4`);
    expect(out.videos[0]!.thumbnail).toBe(`/media/${key}/poster.webp`);
    expect(await h.shortIds(other)).toContain(short.id);
    expect(await h.shortIds(friend, 'search=%23wetfeet')).toEqual([short.id]);
    expect((await mentions()).length).toBe(1);
  });

  it('keeps a draft to its author, and publishes it at once when its video is ready', async () => {
    const author = await h.member();
    const other = await h.member();
    const draft = await h.save(author, { title: 'Later', isDraft: true, videos: [await h.readyVideo(author)] });
    expect(draft).toMatchObject({ isDraft: true, publishedAt: null });
    expect(draft.videos[0]!.status).toBe('ready');
    h.expectNotFound(await h.detailCall(other, draft.id));
    expect(await h.shortIds(author, 'filter_type=mine')).toContain(draft.id);
    expect(await h.shortIds(author)).not.toContain(draft.id);

    const out = await h.save(author, { id: draft.id, title: 'Now', videos: [draft.videos[0]!.key] }, 'PUT');
    expect(out.isDraft).toBe(false);
    expect(out.publishedAt).not.toBeNull();
    expect((await h.detail(other, draft.id)).title).toBe('Now');
    // A published short stays published, and keeps its video.
    const back = await h.saveCall(author, { id: draft.id, title: 'Now', isDraft: true, videos: [draft.videos[0]!.key] }, 'PUT');
    expect(body(back).errors).toHaveProperty('isDraft');
    const swap = await h.saveCall(author, { id: draft.id, title: 'Now', videos: [await h.uploadVideo(author)] }, 'PUT');
    expect(body(swap).errors).toHaveProperty('videos');
  });

  it('is a short to its own routes and a post to the post routes: listed apart, liked, commented and deleted as one', async () => {
    const author = await h.member();
    const viewer = await h.member();
    const post = await h.create(author, { title: 'A post' });
    const short = await h.published(author, { title: 'A short' });
    expect(await h.ids(viewer, `userId=${author.userId}`)).toEqual([post.id]);
    // The author's profile counts each where it belongs.
    expect(okData(await h.send('GET', '/api/user-profile-summary', author.token), profileSummaryData)).toMatchObject({ feeds: 1, shorts: 1 });
    expect(await h.shortIds(viewer, `userId=${author.userId}`)).toEqual([short.id]);
    // Each is edited only by its own route: the other answers as for a post that does not exist.
    h.expectNotFound(await h.editCall(author, { id: short.id, title: 'As a post' }));
    h.expectNotFound(await h.saveCall(author, { id: post.id, title: 'As a short', videos: [await h.uploadVideo(author)] }, 'PUT'));

    expect((await h.like(viewer, short.id)).likes).toMatchObject({ total: 1, mine: 'U+2764' });
    const commented = await h.send('POST', '/api/feed/comment', viewer.token, { feedId: short.id, comment: 'Wild!' });
    expect(commented.statusCode, commented.body).toBe(200);
    expect((await h.detail(author, short.id)).commentCount).toBe(1);

    const video = short.videos[0]!;
    expect((await t.app.inject({ method: 'GET', url: video.videoUrl })).statusCode).toBe(200);
    expect((await h.removeCall(author, short.id)).statusCode).toBe(200);
    h.expectNotFound(await h.detailCall(author, short.id));
    // Its video goes with it: no longer anybody's but its uploader's, and never served unsigned again.
    expect((await t.app.inject({ method: 'GET', url: video.videoUrl })).statusCode).toBe(404);
  });
});

describe('captions', () => {
  it('keeps WebVTT captions with the short, and refuses anything else with the line that is wrong', async () => {
    const author = await h.member();
    const captions = 'WEBVTT\n\n00:00.500 --> 00:02.000\nAnd drop!\n';
    const short = await h.published(author, { captions });
    expect(short.videos[0]!.captions).toBe(captions.trim());
    const other = await h.member();
    expect((await h.detail(other, short.id)).videos[0]!.captions).toBe(captions.trim());

    const wrong = await h.saveCall(author, { title: 'Bad captions', videos: [await h.uploadVideo(author)], captions: 'WEBVTT\n\n00:02.000 --> 00:01.000\nBackwards' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors).toEqual({ captions: ['A caption must end after it starts: “00:02.000 --> 00:01.000”.'] });
    const srt = await h.saveCall(author, { title: 'SRT', videos: [await h.uploadVideo(author)], captions: '1\n00:00:01,000 --> 00:00:02,000\nHi' });
    expect(body(srt).errors).toEqual({ captions: ['Captions must be a WebVTT file: its first line is WEBVTT.'] });
  });
});

describe('who sees a short', () => {
  type Viewer = 'self' | 'follower' | 'stranger';
  const expected: Record<FeedVisibility, Record<Viewer, boolean>> = {
    everyone: { self: true, follower: true, stranger: true },
    followers: { self: true, follower: true, stranger: false },
    only_me: { self: true, follower: false, stranger: false },
  };
  const fetch = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: t.bearer(token) } : {}) });

  it.each(['everyone', 'followers', 'only_me'] as const)('visibility %s: detail, lists, search and the video agree', async (visibility) => {
    const author = await h.member();
    const follower = await h.member();
    const stranger = await h.member();
    await h.followAccepted(follower, author);
    const tag = `vis${visibility.replace('_', '')}${author.userId}`;
    const short = await h.published(author, { visibility, description: `#${tag}` });
    expect(short.visibility).toBe(visibility);
    const viewers: Record<Viewer, Member> = { self: author, follower, stranger };
    for (const [name, who] of Object.entries(viewers) as [Viewer, Member][]) {
      const may = expected[visibility][name];
      const res = await h.detailCall(who, short.id);
      if (may) expect(okData(res, feed).id, name).toBe(short.id);
      else h.expectNotFound(res);
      expect((await h.shortIds(who)).includes(short.id), `${name}: all`).toBe(may);
      expect((await h.shortIds(who, 'filter_type=following')).includes(short.id), `${name}: following`).toBe(may && name !== 'stranger');
      expect(await h.shortIds(who, `userId=${author.userId}`), `${name}: profile`).toEqual(may ? [short.id] : []);
      expect(await h.shortIds(who, `search=%23${tag}`), `${name}: #tag`).toEqual(may ? [short.id] : []);
    }
    // The video follows the short (check 14): unsigned only for a public one; else signed for who may see it.
    const bare = `/media/${short.videos[0]!.key}/video.mp4`;
    expect((await fetch(bare)).statusCode).toBe(visibility === 'everyone' ? 200 : 404);
    if (visibility === 'everyone') return;
    const own = (await h.detail(author, short.id)).videos[0]!.videoUrl;
    expect(own).toMatch(/\?exp=\d+&sig=/);
    expect(unsignedPath(own)).toBe(bare);
    expect((await fetch(own)).statusCode).toBe(200);
    expect((await fetch(bare, stranger.token)).statusCode).toBe(404);
    expect((await fetch(bare, follower.token)).statusCode).toBe(visibility === 'followers' ? 200 : 404);
  });

  it('serves its video in byte ranges', async () => {
    const author = await h.member();
    const short = await h.published(author);
    const res = await fetch(short.videos[0]!.videoUrl.replace(/\?.*/, ''), undefined);
    const range = await t.app.inject({ method: 'GET', url: short.videos[0]!.videoUrl, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(res.rawPayload.subarray(0, 100));
    expect(range.headers['content-type']).toBe('video/mp4');
  });
});

describe('data export', () => {
  it('holds the member’s shorts, drafts included, each with its video’s file as sent', async () => {
    const author = await h.member();
    const short = await h.published(author, { title: 'Out', visibility: 'followers', altText: 'A rider drops into a gully' });
    const draft = await h.save(author, { title: 'Not yet', isDraft: true, videos: [await h.uploadVideo(author)] });
    const data = (await exportSections.find((s) => s.name === 'feeds')!.collect(t.db, author.userId)) as {
      posts: { id: number; kind: string; visibility: string; isDraft: boolean; video: { uploadKey: string; file: string | null; altText: string } | null }[];
    };
    expect(data.posts.map((p) => [p.id, p.kind, p.visibility, p.isDraft])).toEqual([
      [short.id, 'short', 'followers', false],
      [draft.id, 'short', 'everyone', true],
    ]);
    const key = short.videos[0]!.key;
    expect(data.posts[0]!.video).toEqual({ uploadKey: key, file: `media/${key}/original.mp4`, durationMs: expect.any(Number), altText: 'A rider drops into a gully', captions: '' });
    expect(data.posts[1]!.video).toMatchObject({ uploadKey: draft.videos[0]!.key, durationMs: null });
  });
});
