import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTagOptions } from '#contract/social';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { unsigned } from '../media/test-images';
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
  const upload = await h.photo(author);
  // The photo's bare URLs, as a post every member may see shows them (the upload answered them signed for its author).
  const pic = { ...upload, url: unsigned(upload.url), thumbnail: unsigned(upload.thumbnail) };
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

describe('check 12: a private member’s hashtags reach only those who may see their posts', () => {
  /** Letters only, unique in the run: a tag no other test's post carries. */
  const word = () => `zz${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const suggested = async (who: Member, search: string) => okData(await h.send('GET', `/api/feedTag?search=${encodeURIComponent(search)}`, who.token), hashTagOptions);

  it('suggests a private author’s tag, with its count, to the author and accepted followers only; never a draft’s', async () => {
    const tag = word();
    const { author, viewers } = await world('private');
    await h.create(author, { title: 'Tomorrow', description: `visiting #${tag}ward tomorrow` });
    await h.create(author, { title: 'Not yet', description: `#${tag}draft and #${tag}ward`, isDraft: true });

    const shown = [{ tagName: `${tag}ward`, useCount: 1 }];
    for (const who of ['self', 'follower'] as const) {
      expect(await suggested(viewers[who], tag), who).toEqual({ list: shown, current_page: 1, last_page: 1, per_page: 20, total: 1 });
      expect((await suggested(viewers[who], `#${tag}d`)).list, who).toEqual([]);
    }
    for (const who of ['stranger', 'pending'] as const) {
      expect(await suggested(viewers[who], `#${tag.slice(0, 7)}`), who).toMatchObject({ list: [], total: 0 });
      expect((await suggested(viewers[who], `${tag}ward`)).list, who).toEqual([]);
    }
  });

  it('counts, for each viewer, only the posts that viewer may see', async () => {
    const tag = word();
    const { author, viewers } = await world('private');
    const open = await h.member();
    await h.create(author, { description: `#${tag}` });
    await h.create(author, { description: `again #${tag}` });
    await h.create(open, { description: `#${tag} in the open` });
    const count = async (who: Member) => (await suggested(who, tag)).list.find((o) => o.tagName === tag)?.useCount;
    expect(await count(viewers.self)).toBe(3);
    expect(await count(viewers.follower)).toBe(3);
    expect(await count(viewers.pending)).toBe(1);
    expect(await count(viewers.stranger)).toBe(1);

    // An accepted request opens them to the requester; going public, to everyone.
    await h.toggle('POST', '/api/follow/accept', author, viewers.pending.userId);
    expect(await count(viewers.pending)).toBe(3);
    expect(await count(viewers.stranger)).toBe(1);
    expect((await h.send('POST', '/api/profileSetting', author.token, { isPrivate: false })).statusCode).toBe(200);
    expect(await count(viewers.stranger)).toBe(3);
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
