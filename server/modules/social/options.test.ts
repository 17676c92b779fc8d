import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTagOptions, memberList, relationship, userTagOptions } from '#contract/social';
import { hashtags } from '../../db/schema/feeds';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';

// The pickers behind the text boxes (issue 4): whom a member can @-mention, which hashtags are in use, and whom they
// can invite or make co-host.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<TestApp['signUp']>>;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

/** Lowercase letters only, unique in the run: a name no other test's member or tag shares. */
const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function member(opts: { handleName?: string; firstName?: string; lastName?: string; private?: boolean } = {}) {
  const m = await t.signUp(opts.handleName ? { handleName: opts.handleName } : {});
  if (opts.firstName || opts.lastName) {
    const res = await send('PUT', '/api/update_profile', m.token, {
      handleName: m.handleName,
      firstName: opts.firstName ?? 'Alex',
      lastName: opts.lastName ?? 'Rider',
      bio: null,
      gender: 'female',
      dob: '1990-05-17',
      sports: [],
      location: null,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (opts.private) expect((await send('POST', '/api/profileSetting', m.token, { isPrivate: true })).statusCode).toBe(200);
  return m;
}

const follow = async (who: Member, whom: Member) => okData(await send('POST', '/api/follow', who.token, { userId: whom.userId }), relationship);
const accept = async (who: Member, requester: Member) =>
  okData(await send('POST', '/api/follow/accept', who.token, { userId: requester.userId }), relationship);

const query = (search: string) => `?search=${encodeURIComponent(search)}`;
const mentions = async (who: Member, search = '') => okData(await send('GET', `/api/getUserTagfollowerFollowingList${query(search)}`, who.token), userTagOptions);
const tags = async (who: Member, search = '') => okData(await send('GET', `/api/feedTag${query(search)}`, who.token), hashTagOptions);
const selectable = async (who: Member, search = '') => okData(await send('GET', `/api/selectMembers${query(search)}`, who.token), memberList);
const ids = (l: { list: { userId: number }[] }) => l.list.map((m) => m.userId);

describe('GET /api/getUserTagfollowerFollowingList', () => {
  it('offers the members the caller follows and who follow them, never strangers or pending requests either way', async () => {
    const a = await member({ private: true });
    const follower = await member();
    const followed = await member();
    const requester = await member();
    const requested = await member({ private: true });
    const stranger = await member();
    await follow(follower, a);
    await accept(a, follower);
    await follow(a, followed);
    await follow(requester, a); // pending: A is private and has not answered
    await follow(a, requested); // pending the other way
    await follow(stranger, requested);

    const options = await mentions(a);
    expect(ids(options).sort()).toEqual([follower.userId, followed.userId].sort());
    expect(options).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 20 });
    // Only what a mention needs: no relationship, privacy or contact fields.
    expect(Object.keys(options.list[0]!).sort()).toEqual(['firstName', 'handleName', 'lastName', 'profileImage', 'userId']);

    // The follower sees A the same way (a follow counts both ways).
    expect(ids(await mentions(follower))).toEqual([a.userId]);
    expect((await mentions(stranger)).total).toBe(0);
  });

  it('matches handle and names whatever the case and accents, and a leading @ is ignored', async () => {
    const w = word();
    const a = await member();
    const jose = await member({ firstName: 'José', lastName: `Ñúñez${w}` });
    const other = await member({ firstName: 'Maria', lastName: `Lopez${w}` });
    await follow(jose, a);
    await follow(a, other);

    expect(ids(await mentions(a, 'JOSE'))).toEqual([jose.userId]);
    expect(ids(await mentions(a, `núñez${w}`))).toEqual([jose.userId]);
    expect(ids(await mentions(a, `NUNEZ${w.toUpperCase()}`))).toEqual([jose.userId]);
    expect(ids(await mentions(a, `@${jose.handleName.toUpperCase()}`))).toEqual([jose.userId]);
    expect(ids(await mentions(a, w)).sort()).toEqual([jose.userId, other.userId].sort());
    expect(await mentions(a, 'nobody-by-this-name')).toMatchObject({ list: [], total: 0, last_page: 1 });
  });

  it('puts handles that start with the text first, then names that start with it, then the rest', async () => {
    const w = word();
    const a = await member();
    const inName = await member({ lastName: `Mc${w}` });
    const nameStarts = await member({ firstName: `${w.toUpperCase()}ina` });
    const handleB = await member({ handleName: `${w}b` });
    const handleA = await member({ handleName: `${w}a` });
    for (const m of [inName, nameStarts, handleB, handleA]) await follow(m, a);

    expect(ids(await mentions(a, w))).toEqual([handleA.userId, handleB.userId, nameStarts.userId, inName.userId]);
  });
});

describe('GET /api/feedTag', () => {
  /** A published post of `who` carrying `tags` (no `#`); answers its id. */
  const postTags = async (who: Member, tags: string[]) => {
    const res = await send('POST', '/api/feed', who.token, { title: 'Out again', description: tags.map((tag) => `#${tag}`).join(' '), isDraft: false });
    expect(res.statusCode, res.body).toBe(200);
    return (JSON.parse(res.body) as { data: { id: number } }).data.id;
  };

  it('lists hashtags on posts that start with the text, most used first then alphabetical, with their counts', async () => {
    const p = word();
    const a = await member();
    await postTags(a, [`${p}gravel`, `${p}trailrunning`, `${p}trail`, `${p}tram`, `x${p}trail`]);
    await postTags(a, [`${p}gravel`, `${p}trailrunning`, `${p}trail`, `${p}tram`, `x${p}trail`]);
    await postTags(a, [`${p}gravel`, `${p}trailrunning`, `x${p}trail`]);
    await postTags(a, [`${p}gravel`, `x${p}trail`]);
    // No post carries it any more.
    const gone = await postTags(a, [`${p}trailgone`]);
    expect((await send('DELETE', '/api/feedDelete', a.token, { feedId: gone })).statusCode).toBe(200);

    const expected = [
      { tagName: `${p}trailrunning`, useCount: 3 },
      { tagName: `${p}trail`, useCount: 2 },
      { tagName: `${p}tram`, useCount: 2 },
    ];
    expect(await tags(a, `${p}tr`)).toEqual({ list: expected, current_page: 1, last_page: 1, per_page: 20, total: 3 });
    // The # a member types is not part of the tag, and case does not matter.
    expect((await tags(a, `#${p.toUpperCase()}TR`)).list).toEqual(expected);
    expect((await tags(a, `#${p}`)).list.map((h) => h.tagName)).toEqual([`${p}gravel`, `${p}trailrunning`, `${p}trail`, `${p}tram`]);
    expect((await tags(a, `${p}trailr`)).list).toEqual([{ tagName: `${p}trailrunning`, useCount: 3 }]);
    expect((await tags(a, `${p}q`)).total).toBe(0);
  });

  it('matches letters of any alphabet, and with nothing typed offers the most used tags the caller may see', async () => {
    const p = word();
    const a = await member();
    await postTags(a, [`fähre${p}`]);
    for (let i = 0; i < 6; i++) await postTags(a, [`popular${p}`]);
    // Counted on posts nobody here may see (a private member's, say): a count alone offers nothing.
    await t.db.insert(hashtags).values({ tagName: `unseen${p}`, useCount: 1_000_000 });
    expect((await tags(a, `#FÄHRE${p.toUpperCase()}`)).list).toEqual([{ tagName: `fähre${p}`, useCount: 1 }]);
    expect((await tags(a, '')).list[0]).toEqual({ tagName: `popular${p}`, useCount: 6 });
    expect((await tags(a, '#')).list[0]).toEqual({ tagName: `popular${p}`, useCount: 6 });
    expect((await tags(a, `unseen${p}`)).list).toEqual([]);
  });

  it('pages by 20 without repeating a tag', async () => {
    const p = word();
    const a = await member();
    // 25 tags, used 1 to 25 times (post i carries tags 1 to i): page 1 holds the 20 most used, page 2 the other 5.
    for (let i = 1; i <= 25; i++) await postTags(a, Array.from({ length: i }, (_, k) => `${p}${k + 1}`));
    const page1 = await tags(a, p);
    const page2 = okData(await send('GET', `/api/feedTag?search=${p}&page=2`, a.token), hashTagOptions);
    expect(page1).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(page2).toMatchObject({ current_page: 2, last_page: 2, per_page: 20, total: 25 });
    expect(page1.list.map((h) => h.useCount)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(page2.list.map((h) => h.useCount)).toEqual([5, 4, 3, 2, 1]);
  });

  it('refuses a search with anything but letters, digits and a leading #', async () => {
    const a = await member();
    for (const bad of ['trail-run', 'trail run', 'trail%', 'trail#run', '##trail', '@trail', "o'neil"]) {
      const res = await send('GET', `/api/feedTag${query(bad)}`, a.token);
      expect(res.statusCode, bad).toBe(400);
      expect(body(res), bad).toEqual({
        code: 400,
        message: 'A hashtag has only letters and digits, after an optional leading #.',
        errors: { search: ['A hashtag has only letters and digits, after an optional leading #.'] },
      });
    }
  });
});

describe('GET /api/selectMembers', () => {
  it('offers only the members the caller may invite (followers and following), best match first, with their cards', async () => {
    const w = word();
    const a = await member({ private: true });
    const strangerByHandle = await member({ handleName: `${w}s` });
    const followedByHandle = await member({ handleName: `${w}f` });
    const followerByName = await member({ lastName: `Mc${w}` });
    const requester = await member({ handleName: `${w}r` });
    await follow(a, followedByHandle);
    await follow(followerByName, a);
    await accept(a, followerByName);
    await follow(requester, a); // pending: not a follower yet

    const found = await selectable(a, w);
    // Issue 17 item 12: a stranger, or a member whose request is still pending, is not offered.
    expect(ids(found)).toEqual([followedByHandle.userId, followerByName.userId]);
    expect(found.total).toBe(2);
    expect(found.list[0]).toMatchObject({ handleName: followedByHandle.handleName, isFollowing: true, isFollowedBy: false });
    expect(found.list[1]).toMatchObject({ isFollowing: false, isFollowedBy: true });
    expect(ids(await selectable(a)).sort()).toEqual([followedByHandle.userId, followerByName.userId].sort());
    expect(ids(await selectable(strangerByHandle))).toEqual([]);

    // Never the caller; search folds case and accents like member search.
    expect(ids(await selectable(followerByName, w))).not.toContain(followerByName.userId);
    const accented = await member({ firstName: 'Zoë', lastName: `Ærø${w}` });
    await follow(accented, a);
    await accept(a, accented);
    expect(ids(await selectable(a, `ZOE`))).toContain(accented.userId);
    expect(ids(await selectable(a, `ærø${w}`))).toEqual([accented.userId]);
  });
});

describe('sign-in', () => {
  it.each(['/api/getUserTagfollowerFollowingList', '/api/feedTag', '/api/selectMembers'])('%s needs a signed-in member', async (url) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?search=a` });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(401);
  });
});
