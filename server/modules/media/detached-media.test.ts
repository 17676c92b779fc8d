import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressImageData } from '#contract/media';
import { ownProfile } from '#contract/user';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { feedHelpers } from '../feeds/feed-test-helpers';
import { imageForm, solid, unsigned } from './test-images';

// Issue 17 item 11: a picture attached to nothing is its uploader's alone, a picture of anything not every member may
// see is never cacheable by a shared cache (and no longer than its signed URL lives), and public pictures stay
// public-cacheable.

let t: TestApp;
const h = feedHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const fetchMedia = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: t.bearer(token) } : {}) });

/** The seconds a signed URL has left, read from its `exp`. */
const lifetimeOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp')) - Math.floor(t.clock.now().getTime() / 1000);

/** The `max-age` of a `private, max-age=N` answer, failing on anything else. */
function privateMaxAge(res: Awaited<ReturnType<typeof fetchMedia>>) {
  expect(res.statusCode, res.body).toBe(200);
  const match = /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']));
  expect(match, String(res.headers['cache-control'])).not.toBeNull();
  return Number(match![1]);
}

describe('a photo taken off a private post', () => {
  it('is no longer served to anyone but its uploader, and never to a shared cache', async () => {
    const sam = await h.member({ private: true });
    const follower = await h.member();
    const stranger = await h.member();
    await h.followAccepted(follower, sam);
    const upload = await h.photo(sam);
    const post = await h.create(sam, { title: 'Ward visit', images: [upload.key] });
    const shown = (await h.detail(follower, post.id)).images[0]!;
    expect((await fetchMedia(shown.url)).statusCode).toBe(200);

    await h.edit(sam, { id: post.id, title: 'Ward visit', images: [] });
    const bare = unsigned(upload.url);
    for (const url of [bare, unsigned(upload.thumbnail)]) {
      expect((await fetchMedia(url)).statusCode, url).toBe(404);
      expect((await fetchMedia(url, stranger.token)).statusCode, url).toBe(404);
      // Not even to a follower who saw it on the post: it is on no post any more.
      expect((await fetchMedia(url, follower.token)).statusCode, url).toBe(404);
    }
    // The signed URLs the post handed its viewers stop working with it.
    expect((await fetchMedia(shown.url)).statusCode).toBe(404);
    expect((await fetchMedia(shown.thumbnail)).statusCode).toBe(404);

    // Its uploader, by token or by the URL the upload answered, still gets it, cached by their browser only.
    expect(privateMaxAge(await fetchMedia(bare, sam.token))).toBeGreaterThan(0);
    const own = await fetchMedia(upload.url);
    expect(privateMaxAge(own)).toBeLessThanOrEqual(lifetimeOf(upload.url));
    expect(own.headers['content-type']).toBe('image/webp');
  });

  it('the same holds for a public member’s photo once taken off the post', async () => {
    const robin = await h.member();
    const upload = await h.photo(robin);
    const post = await h.create(robin, { images: [upload.key] });
    expect((await fetchMedia(unsigned(upload.url))).statusCode).toBe(200);
    await h.edit(robin, { id: post.id, title: 'No photo', images: [] });
    expect((await fetchMedia(unsigned(upload.url))).statusCode).toBe(404);
    expect((await fetchMedia(unsigned(upload.url), robin.token)).statusCode).toBe(200);
  });
});

describe('a fresh upload, not saved onto anything yet', () => {
  it('is served to its uploader only: through the signed URL the upload answered, or their token', async () => {
    const maya = await h.member();
    const other = await h.member();
    const upload = await h.photo(maya);
    expect(upload.url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\/display\.webp\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(upload.thumbnail).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\/thumb\.webp\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);

    const signed = privateMaxAge(await fetchMedia(upload.url));
    expect(signed).toBeGreaterThan(0);
    expect(signed).toBeLessThanOrEqual(lifetimeOf(upload.url));
    expect(privateMaxAge(await fetchMedia(upload.thumbnail))).toBeGreaterThan(0);
    expect(privateMaxAge(await fetchMedia(unsigned(upload.url), maya.token))).toBeGreaterThan(0);

    expect((await fetchMedia(unsigned(upload.url))).statusCode).toBe(404);
    expect((await fetchMedia(unsigned(upload.url), other.token)).statusCode).toBe(404);
    // Its signature names one file: not the other.
    expect((await fetchMedia(upload.url.replace('display.webp', 'thumb.webp'))).statusCode).toBe(404);
  });
});

describe('caching by who may see the picture', () => {
  it('a private post’s photo on a valid signature: private, for no longer than the signature lives', async () => {
    const sam = await h.member({ private: true });
    const follower = await h.member();
    await h.followAccepted(follower, sam);
    const upload = await h.photo(sam);
    const post = await h.create(sam, { images: [upload.key] });
    const { url } = (await h.detail(follower, post.id)).images[0]!;

    const first = privateMaxAge(await fetchMedia(url));
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(lifetimeOf(url));
    // Later the same URL is kept for less: never past its expiry.
    t.clock.advance(6 * 3_600_000);
    try {
      const later = privateMaxAge(await fetchMedia(url));
      expect(later).toBeLessThanOrEqual(lifetimeOf(url));
      expect(later).toBeLessThan(first);
    } finally {
      t.clock.advance(-6 * 3_600_000);
    }
  });

  it('a public post’s photo stays public-cacheable, and a profile picture public and immutable', async () => {
    const robin = await h.member();
    const photo = await h.photo(robin);
    const post = await h.create(robin, { images: [photo.key] });
    const { url } = (await h.detail(robin, post.id)).images[0]!;
    expect(url).toBe(unsigned(photo.url));
    const res = await fetchMedia(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');

    const form = imageForm(await solid(40, 40, 'png'), { type: 'profile' });
    const made = await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(robin.token) } });
    const avatar = okData(made, compressImageData).images[0]!;
    const saved = await h.send('PUT', '/api/update_profile', robin.token, {
      handleName: robin.handleName,
      firstName: 'Robin',
      lastName: 'Ridge',
      gender: 'female',
      dob: '1990-05-17',
      sports: [],
      bio: null,
      location: null,
      profileImage: avatar.key,
    });
    const { profileImage } = okData(saved, ownProfile);
    expect(profileImage).toBe(unsigned(avatar.url));
    const pic = await fetchMedia(profileImage!);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
