import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExport } from '#contract/account';
import { profileSummaryData } from '#contract/profile';
import { memberList, memberProfile, relationship } from '#contract/social';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<TestApp['signUp']>>;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

/** Letters only, unique in the run: a name no other test's member shares. */
const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function member(opts: { private?: boolean; firstName?: string; lastName?: string; sports?: number[] } = {}) {
  const m = await t.signUp();
  if (opts.firstName || opts.lastName || opts.sports) {
    const res = await send('PUT', '/api/update_profile', m.token, {
      handleName: m.handleName,
      firstName: opts.firstName ?? 'Alex',
      lastName: opts.lastName ?? 'Rider',
      bio: 'Secret bio',
      gender: 'female',
      dob: '1990-05-17',
      sports: opts.sports ?? [],
      location: 'Moab',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (opts.private) expect((await send('POST', '/api/profileSetting', m.token, { isPrivate: true })).statusCode).toBe(200);
  return m;
}

const rel = async (method: 'POST' | 'DELETE', url: string, who: Member, userId: number) => okData(await send(method, url, who.token, { userId }), relationship);
const none = (userId: number) => ({ userId, isFollowing: false, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false });
const list = async (url: string, who: Member) => okData(await send('GET', url, who.token), memberList);
const ids = (l: { list: { userId: number }[] }) => l.list.map((m) => m.userId);

describe('follow state machine', () => {
  it('follows a public member at once; repeating changes nothing; unfollow undoes it', async () => {
    const a = await member();
    const b = await member();
    const expected = { ...none(a.userId), isFollowing: true };
    expect(await rel('POST', '/api/follow', b, a.userId)).toEqual(expected);
    expect(await rel('POST', '/api/follow', b, a.userId)).toEqual(expected);
    expect(ids(await list('/api/follower', a))).toEqual([b.userId]);
    expect(ids(await list('/api/following', b))).toEqual([a.userId]);
    // A sees B as following them.
    expect(okData(await send('GET', `/api/user-profile?userId=${b.userId}`, a.token), memberProfile)).toMatchObject({ isFollowedBy: true, isFollowing: false });
    expect(await rel('POST', '/api/unFollow', b, a.userId)).toEqual(none(a.userId));
    expect(await rel('POST', '/api/unFollow', b, a.userId)).toEqual(none(a.userId));
    expect((await list('/api/follower', a)).total).toBe(0);
  });

  it('asks a private member, who accepts; accepting twice is fine', async () => {
    const a = await member({ private: true });
    const b = await member();
    const res = await send('POST', '/api/follow', b.token, { userId: a.userId });
    expect(body(res).message).toBe('Follow request sent.');
    expect(okData(res, relationship)).toEqual({ ...none(a.userId), isRequested: true });
    expect(await rel('POST', '/api/follow', b, a.userId)).toEqual({ ...none(a.userId), isRequested: true });
    expect(ids(await list('/api/followerRequest', a))).toEqual([b.userId]);
    expect((await list('/api/follower', a)).total).toBe(0);
    // The answer is the accepter's relationship to the requester.
    expect(await rel('POST', '/api/follow/accept', a, b.userId)).toEqual({ ...none(b.userId), isFollowedBy: true });
    expect(await rel('POST', '/api/follow/accept', a, b.userId)).toEqual({ ...none(b.userId), isFollowedBy: true });
    expect((await list('/api/followerRequest', a)).total).toBe(0);
    expect(ids(await list('/api/follower', a))).toEqual([b.userId]);
    expect(await rel('POST', '/api/follow', b, a.userId)).toEqual({ ...none(a.userId), isFollowing: true });
  });

  it('rejects a request, and a request can be withdrawn with unFollow', async () => {
    const a = await member({ private: true });
    const b = await member();
    const c = await member();
    await rel('POST', '/api/follow', b, a.userId);
    await rel('POST', '/api/follow', c, a.userId);
    expect(await rel('DELETE', '/api/deleteFollowRequest', a, b.userId)).toEqual(none(b.userId));
    // Rejecting again: the request is gone.
    const again = await send('DELETE', '/api/deleteFollowRequest', a.token, { userId: b.userId });
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('There is no follow request from that member.');
    expect(await rel('POST', '/api/unFollow', c, a.userId)).toEqual(none(a.userId));
    expect((await list('/api/followerRequest', a)).total).toBe(0);
    // Accepting a request that no longer exists is a 404.
    expect((await send('POST', '/api/follow/accept', a.token, { userId: b.userId })).statusCode).toBe(404);
  });

  it('rejecting does not remove an accepted follower (there is no request: 404); remove-follower does', async () => {
    const a = await member();
    const b = await member();
    await rel('POST', '/api/follow', b, a.userId);
    const reject = await send('DELETE', '/api/deleteFollowRequest', a.token, { userId: b.userId });
    expect(reject.statusCode).toBe(404);
    expect(body(reject).message).toBe('There is no follow request from that member.');
    expect((await list('/api/follower', a)).total).toBe(1);
    expect(await rel('POST', '/api/follower/remove', a, b.userId)).toEqual(none(b.userId));
    const again = await send('POST', '/api/follower/remove', a.token, { userId: b.userId });
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('That member does not follow you.');
    expect((await list('/api/follower', a)).total).toBe(0);
    expect((await list('/api/following', b)).total).toBe(0);
  });

  it('refuses following yourself (400) and unknown members (404) on every toggle', async () => {
    const a = await member();
    const self = await send('POST', '/api/follow', a.token, { userId: a.userId });
    expect(self.statusCode).toBe(400);
    expect(body(self).errors?.userId).toBeDefined();
    for (const [method, url] of [
      ['POST', '/api/follow'],
      ['POST', '/api/unFollow'],
      ['POST', '/api/follow/accept'],
      ['DELETE', '/api/deleteFollowRequest'],
      ['POST', '/api/follower/remove'],
    ] as const) {
      expect((await send(method, url, a.token, { userId: 99_999_999 })).statusCode, url).toBe(404);
      expect((await send(method, url, a.token, { userId: a.userId + 1, extra: 1 })).statusCode, url).toBe(400);
      expect((await t.app.inject({ method, url, payload: { userId: a.userId } })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/user/all', () => {
  it('finds members by name and handle, in any case and without accents, and leaves out the viewer', async () => {
    const tag = word();
    const jose = await member({ firstName: 'José', lastName: `Ñúñez${tag}` });
    const zoe = await member({ firstName: 'ZOË', lastName: `Straße${tag}` });
    const viewer = await member({ firstName: 'Jose', lastName: `Nunez${tag}` });
    expect(ids(await list(`/api/user/all?search=${encodeURIComponent(`jose nunez${tag}`)}`, viewer))).toEqual([jose.userId]);
    expect(ids(await list(`/api/user/all?search=${encodeURIComponent(`NÚÑEZ${tag.toUpperCase()}`)}`, viewer))).toEqual([jose.userId]);
    expect(ids(await list(`/api/user/all?search=${encodeURIComponent(`zoe strasse${tag}`)}`, viewer))).toEqual([]);
    expect(ids(await list(`/api/user/all?search=${encodeURIComponent(`zoë straße${tag}`)}`, viewer))).toEqual([zoe.userId]);
    expect(ids(await list(`/api/user/all?search=zoe`, viewer))).toContain(zoe.userId);
    expect(ids(await list(`/api/user/all?search=${encodeURIComponent(jose.handleName.toUpperCase())}`, viewer))).toEqual([jose.userId]);
    // Wildcards match only themselves.
    expect((await list(`/api/user/all?search=${encodeURIComponent('%')}`, viewer)).total).toBe(0);
    expect((await list(`/api/user/all?search=${encodeURIComponent('_')}`, viewer)).total).toBe(0);
  });

  it('filters by sport, pages newest first, and shows each member with the follow state', async () => {
    const tag = word();
    const made: Member[] = [];
    for (let i = 0; i < 23; i++) made.push(await member({ lastName: tag, sports: [53] }));
    const viewer = await member();
    await rel('POST', '/api/follow', viewer, made[22]!.userId);
    const first = await list(`/api/user/all?search=${tag}&sportId=53`, viewer);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 23 });
    expect(first.list[0]).toMatchObject({ userId: made[22]!.userId, isFollowing: true, sports: [53] });
    const second = await list(`/api/user/all?search=${tag}&sportId=53&page=2`, viewer);
    expect([...ids(first), ...ids(second)]).toEqual(made.map((m) => m.userId).reverse());
    expect((await list(`/api/user/all?search=${tag}&sportId=35`, viewer)).total).toBe(0);
    expect((await send('GET', '/api/user/all?page=0', viewer.token)).statusCode).toBe(400);
    expect((await send('GET', '/api/user/all?role=admin', viewer.token)).statusCode).toBe(400);
  });
});

describe('follower and following lists', () => {
  it('page and search', async () => {
    const a = await member();
    const tag = word();
    const fans: Member[] = [];
    for (let i = 0; i < 21; i++) fans.push(await member({ firstName: i === 0 ? 'Émile' : 'Alex', lastName: tag }));
    for (const f of fans) await rel('POST', '/api/follow', f, a.userId);
    const p1 = await list('/api/follower', a);
    expect(p1).toMatchObject({ total: 21, last_page: 2 });
    const p2 = await list('/api/follower?page=2', a);
    expect([...ids(p1), ...ids(p2)]).toEqual(fans.map((f) => f.userId).reverse());
    expect(ids(await list('/api/follower?search=emile', a))).toEqual([fans[0]!.userId]);
    expect(ids(await list(`/api/following?search=${a.handleName.toUpperCase()}`, fans[0]!))).toEqual([a.userId]);
    expect((await list('/api/following?search=emile', fans[0]!)).total).toBe(0);
  });
});

describe("another member's follower and following lists", () => {
  it("list whom a public member follows and who follows them, each with the viewer's own follow state", async () => {
    const [a, viewer, fan, idol] = [await member(), await member(), await member(), await member()];
    await rel('POST', '/api/follow', fan, a.userId);
    await rel('POST', '/api/follow', viewer, fan.userId);
    await rel('POST', '/api/follow', a, idol.userId);
    const followers = await list(`/api/follower?userId=${a.userId}`, viewer);
    expect(followers.total).toBe(1);
    // The row shows the viewer's relationship with the fan (following), not a's.
    expect(followers.list[0]).toMatchObject({ userId: fan.userId, isFollowing: true, isFollowedBy: false });
    const following = await list(`/api/following?userId=${a.userId}`, viewer);
    expect(following.list.map((m) => [m.userId, m.isFollowing])).toEqual([[idol.userId, false]]);
    // The viewer's own lists are unchanged by the new parameter.
    expect(ids(await list('/api/following', viewer))).toEqual([fan.userId]);
  });

  it("refuse a private member's lists to anyone but their followers, and requests to anyone but their owner", async () => {
    const a = await member({ private: true });
    const [b, fan] = [await member(), await member()];
    await rel('POST', '/api/follow', fan, a.userId);
    await rel('POST', '/api/follow/accept', a, fan.userId);
    const refused = await send('GET', `/api/follower?userId=${a.userId}`, b.token);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toMatch(/private/);
    expect((await send('GET', `/api/following?userId=${a.userId}`, b.token)).statusCode).toBe(403);
    expect(ids(await list(`/api/follower?userId=${a.userId}`, fan))).toEqual([fan.userId]);
    expect((await send('GET', `/api/followerRequest?userId=${a.userId}`, fan.token)).statusCode).toBe(400);
    expect((await send('GET', '/api/follower?userId=999999', b.token)).statusCode).toBe(404);
  });
});

describe('keyset paging of member lists', () => {
  const withCursor = (url: string, cursor: string | null | undefined) => `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`;

  it('goes on from the cursor while members join, follow and ask meanwhile: no one twice, no one missed', async () => {
    const tag = word();
    const a = await member();
    const p = await member({ private: true });
    const made: Member[] = [];
    for (let i = 0; i < 25; i++) {
      const m = await member({ lastName: tag });
      await rel('POST', '/api/follow', m, a.userId);
      await rel('POST', '/api/follow', a, m.userId);
      await rel('POST', '/api/follow', m, p.userId);
      made.push(m);
    }
    const newestFirst = made.map((m) => m.userId).reverse();
    const lists = [
      { url: `/api/user/all?search=${tag}`, who: a },
      { url: '/api/follower', who: a },
      { url: '/api/following', who: a },
      { url: '/api/followerRequest', who: p },
    ];
    const firsts = [];
    for (const { url, who } of lists) {
      const first = await list(url, who);
      expect(first, url).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25, next_cursor: expect.any(String) });
      expect(ids(first), url).toEqual(newestFirst.slice(0, 20));
      firsts.push(first);
    }
    // While the first pages are on screen, three newcomers join, follow A, are followed back and ask P...
    for (let i = 0; i < 3; i++) {
      const m = await member({ lastName: tag });
      await rel('POST', '/api/follow', m, a.userId);
      await rel('POST', '/api/follow', a, m.userId);
      await rel('POST', '/api/follow', m, p.userId);
    }
    // ...and P declines a request shown on page 1.
    await rel('DELETE', '/api/deleteFollowRequest', p, newestFirst[0]!);
    for (const [i, { url, who }] of lists.entries()) {
      const second = await list(withCursor(url, firsts[i]!.next_cursor), who);
      expect(ids(second), url).toEqual(newestFirst.slice(20));
      expect(second, url).toMatchObject({ current_page: 2, next_cursor: null, total: url === '/api/followerRequest' ? 27 : 28 });
    }
    // A client that sends only page numbers still pages, by position: the newcomers pushed three rows it has seen.
    expect(ids(await list('/api/follower?page=2', a))).toEqual(newestFirst.slice(17));
  });

  it('refuses a cursor it did not give out, on every list', async () => {
    const a = await member();
    const forged = Buffer.from('2.not-a-time.7').toString('base64url');
    for (const url of ['/api/user/all', '/api/follower', '/api/following', '/api/followerRequest']) {
      for (const cursor of [forged, '%21%21', 'x'.repeat(201)]) {
        const res = await send('GET', withCursor(url, cursor), a.token);
        expect(res.statusCode, `${url} ${cursor}`).toBe(400);
        expect(Object.keys(body(res).errors ?? {}), `${url} ${cursor}`).toEqual(['cursor']);
      }
    }
  });
});

describe('other members in responses (check 11)', () => {
  it('never carry e-mail, phone, date of birth or referral code', async () => {
    const a = await member({ private: true, firstName: 'Priv', lastName: word() });
    const b = await member({ lastName: word() });
    await rel('POST', '/api/follow', b, a.userId);
    await rel('POST', '/api/follow', a, b.userId);
    const responses = [
      await send('GET', `/api/user/all?search=${b.handleName}`, a.token),
      await send('GET', '/api/follower', b.token),
      await send('GET', '/api/following', a.token),
      await send('GET', '/api/followerRequest', a.token),
      await send('GET', `/api/user-profile?userId=${a.userId}`, b.token),
      await send('GET', `/api/user-profile?handleName=${b.handleName}`, a.token),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of [a.email, b.email, '1990-05-17', 'referralCode', '"email"', '"phone"', '"dob"', 'password']) {
        expect(res.body, `${secret} in ${res.body}`).not.toContain(secret);
      }
    }
  });
});

describe('GET /api/user-profile', () => {
  it('shows a private profile only as its header to anyone not following it', async () => {
    const a = await member({ private: true, firstName: 'Ana', lastName: word() });
    const b = await member();
    const stranger = okData(await send('GET', `/api/user-profile?handleName=${a.handleName.toUpperCase()}`, b.token), memberProfile);
    expect(stranger).toMatchObject({ userId: a.userId, firstName: 'Ana', isPrivate: true, canViewContent: false, bio: null, location: null, followers: null });
    await rel('POST', '/api/follow', b, a.userId);
    const pending = okData(await send('GET', `/api/user-profile?userId=${a.userId}`, b.token), memberProfile);
    expect(pending).toMatchObject({ canViewContent: false, isRequested: true, bio: null });
    await rel('POST', '/api/follow/accept', a, b.userId);
    const follower = okData(await send('GET', `/api/user-profile?userId=${a.userId}`, b.token), memberProfile);
    expect(follower).toMatchObject({ canViewContent: true, isFollowing: true, bio: 'Secret bio', location: 'Moab', followers: 1, following: 0 });
  });

  it('is a 404 for an unknown member and a 400 without exactly one of handleName and userId', async () => {
    const a = await member();
    expect((await send('GET', '/api/user-profile?handleName=nobodyzzzzzz', a.token)).statusCode).toBe(404);
    expect((await send('GET', '/api/user-profile?userId=99999999', a.token)).statusCode).toBe(404);
    expect((await send('GET', '/api/user-profile', a.token)).statusCode).toBe(400);
    expect((await send('GET', `/api/user-profile?userId=${a.userId}&handleName=${a.handleName}`, a.token)).statusCode).toBe(400);
  });
});

describe('GET /api/user-profile-summary', () => {
  it('counts accepted followers and following only', async () => {
    const a = await member({ private: true });
    const [b, c, d] = [await member(), await member(), await member()];
    await rel('POST', '/api/follow', b, a.userId);
    await rel('POST', '/api/follow', c, a.userId);
    await rel('POST', '/api/follow', d, a.userId);
    await rel('POST', '/api/follow/accept', a, b.userId);
    await rel('POST', '/api/follow/accept', a, c.userId);
    await rel('POST', '/api/follow', a, d.userId);
    expect(okData(await send('GET', '/api/user-profile-summary', a.token), profileSummaryData)).toMatchObject({ followers: 2, following: 1 });
    expect(okData(await send('GET', '/api/user-profile-summary', d.token), profileSummaryData)).toMatchObject({ followers: 1, following: 0 });
  });
});

describe('data rights', () => {
  it("the export lists the member's follows both ways by handle, requests included, and nothing private", async () => {
    const a = await member({ private: true });
    const b = await member();
    const c = await member();
    await rel('POST', '/api/follow', a, b.userId);
    await rel('POST', '/api/follow', c, a.userId);
    const started = okData(await send('GET', '/api/account/export', a.token), dataExport);
    await t.app.deps.jobs.drain();
    const zip = await send('GET', `/api/account/exports/${started.exportId}/download`, a.token);
    const json = JSON.parse(readZip(zip.rawPayload).get('switchback-export.json')!.toString('utf8')) as { sections: Record<string, unknown> };
    expect(json.sections.follows).toEqual({
      following: [{ handleName: b.handleName, status: 'accepted', createdAt: expect.any(String), acceptedAt: expect.any(String) }],
      followers: [{ handleName: c.handleName, status: 'pending', createdAt: expect.any(String), acceptedAt: null }],
    });
    expect(JSON.stringify(json)).not.toContain(b.email);
    expect(JSON.stringify(json)).not.toContain(c.email);
  });
});
