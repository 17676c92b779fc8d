import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { feedHelpers, type Member } from './feed-test-helpers';

// Who sees a post (the policy's mayViewFeed / visibleFeedsCondition): drafts only by the author; a private author's
// posts only by accepted followers; everything else by signed-in members. And its photos follow it (check 14).

let t: TestApp;
const h = feedHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Viewer = 'self' | 'follower' | 'stranger' | 'pending';
type Post = 'public' | 'private' | 'draft';

const expected: Record<Post, Record<Viewer, boolean>> = {
  public: { self: true, follower: true, stranger: true, pending: true },
  private: { self: true, follower: true, stranger: false, pending: false },
  draft: { self: true, follower: false, stranger: false, pending: false },
};

async function world(kind: Post) {
  const author = await h.member({ private: kind === 'private' });
  const follower = await h.member();
  const stranger = await h.member();
  const pending = await h.member();
  await h.followAccepted(follower, author);
  if (kind === 'private') await h.toggle('POST', '/api/follow', pending, author.userId);
  const pic = await h.photo(author);
  const post = await h.create(author, { title: `${kind} post`, isDraft: kind === 'draft', images: [pic.key] });
  const viewers: Record<Viewer, Member> = { self: author, follower, stranger, pending };
  return { author, post, viewers, pic };
}

describe.each(['public', 'private', 'draft'] as const)('a %s post', (kind) => {
  it.each(['self', 'follower', 'stranger', 'pending'] as const)('as seen by %s: detail, lists and profile list agree', async (viewer) => {
    const { author, post, viewers } = await world(kind);
    const who = viewers[viewer];
    const may = expected[kind][viewer];
    const res = await h.detailCall(who, post.id);
    if (may) expect(res.statusCode, res.body).toBe(200);
    else h.expectNotFound(res);
    // Drafts are only ever in the author's own `mine` list.
    const inLists = may && kind !== 'draft';
    const check = async (query: string, shown: boolean) => {
      const ids = await h.ids(who, query);
      if (shown) expect(ids, query).toContain(post.id);
      else expect(ids, query).not.toContain(post.id);
    };
    await check('filter_type=all', inLists);
    await check('filter_type=following', inLists && (viewer === 'self' || viewer === 'follower'));
    await check('filter_type=mine', viewer === 'self');
    await check(`userId=${author.userId}`, inLists);
    await check(`handleName=${author.handleName.toUpperCase()}`, inLists);
    // Reacting to or listing the reactions of a post one may not see is the same 404.
    if (!may) {
      h.expectNotFound(await h.likeCall(who, post.id, 'U+2764'));
      h.expectNotFound(await h.send('GET', `/api/feed/likes?feedId=${post.id}`, who.token));
    }
  });
});

describe('check 14: a post’s photos follow the post', () => {
  const fetch = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: t.bearer(token) } : {}) });

  it('serves a public post’s photos to anyone with the URL, unsigned', async () => {
    const { post, viewers } = await world('public');
    const seen = await h.detail(viewers.stranger, post.id);
    expect(seen.images[0]!.url).not.toContain('sig=');
    const res = await fetch(seen.images[0]!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await fetch(seen.images[0]!.thumbnail)).statusCode).toBe(200);
  });

  it.each(['private', 'draft'] as const)('refuses a %s post’s photos without a valid signature, serves them with one', async (kind) => {
    const { post, viewers, pic } = await world(kind);
    const allowed = kind === 'draft' ? viewers.self : viewers.follower;
    const seen = await h.detail(allowed, post.id);
    const { url, thumbnail } = seen.images[0]!;
    expect(url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\/display\.webp\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);

    // Without a signature (the bare URL the upload answered), to nobody and to a stranger's token.
    expect((await fetch(pic.url)).statusCode).toBe(404);
    expect((await fetch(pic.thumbnail, viewers.stranger.token)).statusCode).toBe(404);
    expect((await fetch(pic.url, viewers.pending.token)).statusCode).toBe(404);
    // A signature of another file, or tampered with, is no signature.
    expect((await fetch(url.replace('display.webp', 'thumb.webp'))).statusCode).toBe(404);
    expect((await fetch(url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')))).statusCode).toBe(404);

    const signed = await fetch(url);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toMatch(/^private/);
    expect((await fetch(thumbnail)).statusCode).toBe(200);
    // A member who may see the post and sends their token needs no signature.
    expect((await fetch(pic.url, allowed.token)).statusCode).toBe(200);

    // The signature expires: two days on, the same URL is refused.
    t.clock.advance(2 * 86_400_000 + 1000);
    expect((await fetch(url)).statusCode).toBe(404);
  });

  it('signs nothing for strangers: they never get the post, so never its URLs', async () => {
    const { post, viewers } = await world('private');
    h.expectNotFound(await h.detailCall(viewers.stranger, post.id));
    const page = await h.list(viewers.stranger);
    expect(page.list.some((f) => f.id === post.id)).toBe(false);
  });
});
