import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eventHelpers, type Member } from '../events/event-test-helpers';
import { unsigned } from './test-images';

// Check 14 for events: a banner and a route preview follow their event (the policy's mayViewEvent) as a post's photos
// follow the post. An event every member may see serves them to anyone with the URL; any other event's are served
// only through the signed URLs its views hand to members who may see it, or to such a member's bearer token.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SIGNED = /^\/media\/[A-Za-z0-9_-]{22}\/(display|thumb)\.webp\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/;
const fetchMedia = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: t.bearer(token) } : {}) });
const status = async (url: string, token?: string) => (await fetchMedia(url, token)).statusCode;

/** A banner uploaded by `who`: `url` and `thumbnail` bare, as a public event shows them; `signedUrl` as the upload answered. */
async function banner(who: Member) {
  const pic = await h.banner(who);
  return { ...pic, signedUrl: pic.url, url: unsigned(pic.url), thumbnail: unsigned(pic.thumbnail) };
}

/** An organiser (private if asked), an accepted follower, an invited member and a stranger. */
async function people(opts: { privateOrganiser?: boolean } = {}) {
  const organiser = await h.member({ private: opts.privateOrganiser ?? false });
  const follower = await h.member();
  const invitee = await h.member();
  const stranger = await h.member();
  await h.followAccepted(follower, organiser);
  // Invitations go to members the organiser is connected with: here the organiser follows the invitee, who does not
  // follow back, so only the invitation shows them a followers-only event.
  await h.followAccepted(organiser, invitee);
  return { organiser, follower, invitee, stranger };
}

describe('check 14: an event’s banner follows the event', () => {
  it('serves a public event’s banner plainly to anyone with the URL', async () => {
    const { organiser, stranger } = await people();
    const pic = await banner(organiser);
    const saved = await h.create(organiser, { bannerImage: pic.key });
    const seen = await h.detail(stranger, saved.id);
    expect(seen.bannerImage).toMatchObject({ url: pic.url, thumbnail: pic.thumbnail });
    expect((await h.list(stranger, 'type=upcoming')).list.find((e) => e.id === saved.id)?.bannerImage?.url).toBe(pic.url);
    const res = await fetchMedia(pic.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(await status(pic.thumbnail)).toBe(200);
  });

  it('refuses a followers-only event’s banner without a signature; the views sign it for those who may see it', async () => {
    const { organiser, follower, invitee, stranger } = await people();
    const pic = await banner(organiser);
    const saved = await h.create(organiser, { whoCanSee: 'followers', bannerImage: pic.key });
    await h.invite(organiser, saved.id, [invitee.userId]);

    // The bare URL (as the upload answered it), to nobody and to a stranger's token: the same 404 as a missing file.
    expect(await status(pic.url)).toBe(404);
    expect(await status(pic.thumbnail)).toBe(404);
    expect(await status(pic.url, stranger.token)).toBe(404);
    h.expectNotFound(await h.detailCall(stranger, saved.id));

    // The follower's views carry signed URLs, which serve, cached by their browser only.
    const seen = await h.detail(follower, saved.id);
    expect(seen.bannerImage!.url).toMatch(SIGNED);
    expect(seen.bannerImage!.thumbnail).toMatch(SIGNED);
    const signed = await fetchMedia(seen.bannerImage!.url);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toMatch(/^private/);
    expect(await status(seen.bannerImage!.thumbnail)).toBe(200);
    const listed = (await h.list(follower, 'type=upcoming')).list.find((e) => e.id === saved.id);
    expect(listed?.bannerImage?.url).toMatch(SIGNED);
    expect(await status(listed!.bannerImage!.url)).toBe(200);
    // A signature of the other file, or one tampered with, is no signature.
    expect(await status(seen.bannerImage!.url.replace('display.webp', 'thumb.webp'))).toBe(404);
    expect(await status(seen.bannerImage!.url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')))).toBe(404);

    // An invited member sees the event, so gets the banner, signed or by their token.
    const invited = await h.detail(invitee, saved.id);
    expect(invited.bannerImage!.url).toMatch(SIGNED);
    expect(await status(invited.bannerImage!.url)).toBe(200);
    expect(await status(pic.url, invitee.token)).toBe(200);
    expect(await status(pic.url, follower.token)).toBe(200);

    // The signature expires: two days on, the same URL is refused; the follower's new views sign it again.
    t.clock.advance(2 * 86_400_000 + 1000);
    try {
      expect(await status(seen.bannerImage!.url)).toBe(404);
    } finally {
      t.clock.advance(-(2 * 86_400_000 + 1000));
    }
  });

  it('follows the event as it changes: made public it is served plainly, narrowed again it is not', async () => {
    const { organiser, stranger } = await people();
    const pic = await banner(organiser);
    const saved = await h.create(organiser, { whoCanSee: 'invite', bannerImage: pic.key });
    expect(await status(pic.url)).toBe(404);
    await h.edit(organiser, saved.id, { whoCanSee: 'public', bannerImage: pic.key });
    expect((await h.detail(stranger, saved.id)).bannerImage!.url).toBe(pic.url);
    expect(await status(pic.url)).toBe(200);
    await h.edit(organiser, saved.id, { whoCanSee: 'followers', bannerImage: pic.key });
    expect(await status(pic.url)).toBe(404);
  });

  it('keeps a draft’s banner and a private organiser’s public event’s banner signed', async () => {
    const { organiser, follower, stranger } = await people({ privateOrganiser: true });
    const draftPic = await banner(organiser);
    const draft = await h.create(organiser, { isDraft: true, bannerImage: draftPic.key });
    const own = await h.detail(organiser, draft.id);
    expect(own.bannerImage!.url).toMatch(SIGNED);
    expect(await status(own.bannerImage!.url)).toBe(200);
    expect(await status(draftPic.url)).toBe(404);
    expect(await status(draftPic.url, follower.token)).toBe(404);
    expect(await status(draftPic.url, organiser.token)).toBe(200);

    const pic = await banner(organiser);
    const saved = await h.create(organiser, { whoCanSee: 'public', bannerImage: pic.key });
    expect(await status(pic.url)).toBe(404);
    expect(await status(pic.url, stranger.token)).toBe(404);
    const seen = await h.detail(follower, saved.id);
    expect(seen.bannerImage!.url).toMatch(SIGNED);
    expect(await status(seen.bannerImage!.url)).toBe(200);
  });

  it('serves a banner not yet saved with an event to its uploader alone, as any fresh upload', async () => {
    const { organiser, stranger } = await people();
    const pic = await banner(organiser);
    expect(await status(pic.signedUrl)).toBe(200);
    expect(await status(pic.url, organiser.token)).toBe(200);
    expect(await status(pic.url)).toBe(404);
    expect(await status(pic.url, stranger.token)).toBe(404);
  });
});

describe('check 14: a route’s preview follows the events that use it', () => {
  const previewOf = async (who: Member) => {
    const route = await h.route(who);
    expect(route.staticImage).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\/display\.webp$/);
    return route;
  };

  it('is every member’s while no event uses it, and while a public event does', async () => {
    const { organiser, stranger } = await people();
    const route = await previewOf(organiser);
    expect(await status(route.staticImage!)).toBe(200);
    const saved = await h.create(organiser, { routeId: route.routeId });
    expect((await h.detail(stranger, saved.id)).route!.staticImage).toBe(route.staticImage);
    expect(await status(route.staticImage!)).toBe(200);
  });

  it('is signed for an invite-only event: the invited member gets it, a stranger does not', async () => {
    const { organiser, invitee, stranger } = await people();
    const route = await previewOf(organiser);
    const saved = await h.create(organiser, { whoCanSee: 'invite', routeId: route.routeId });
    await h.invite(organiser, saved.id, [invitee.userId]);

    expect(await status(route.staticImage!)).toBe(404);
    expect(await status(route.staticImage!, stranger.token)).toBe(404);
    const seen = await h.detail(invitee, saved.id);
    expect(seen.route!.staticImage).toMatch(SIGNED);
    expect(await status(seen.route!.staticImage!)).toBe(200);
    expect(await status(route.staticImage!, invitee.token)).toBe(200);
    // The route's owner always may.
    expect(await status(route.staticImage!, organiser.token)).toBe(200);
  });
});
