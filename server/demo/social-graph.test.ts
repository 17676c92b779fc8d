import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationList } from '#contract/notifications';
import { follows } from '../db/schema/social';
import { users } from '../db/schema/users';
import { memberList, memberProfile } from '#contract/social';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedSocialGraph } from './social-graph';

// The demo world's social graph: what the demo member finds on the followers, requests and notifications screens.

let t: TestApp;
let token: string;
let members: Awaited<ReturnType<typeof seedAccounts>>;
beforeAll(async () => {
  t = await createTestApp();
  members = await t.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx);
    await seedSocialGraph(tx, seeded, t.clock.now());
    return seeded;
  });
  token = await t.tokenFor(DEMO_MEMBERS[0].email, DEMO_PASSWORD);
});
afterAll(() => t?.close());

const get = async <T extends Parameters<typeof okData>[1]>(url: string, schema: T) =>
  okData(await t.app.inject({ method: 'GET', url, headers: t.bearer(token) }), schema);
const handles = (l: { list: { handleName: string }[] }) => l.list.map((m) => m.handleName);

describe('the demo social graph', () => {
  it('gives the demo member followers, following and notifications over several days', async () => {
    expect(handles(await get('/api/follower', memberList))).toEqual(['theowalks', 'lenaruns', 'priyahikes', 'jonasrides']);
    expect(handles(await get('/api/following', memberList))).toEqual(['samgravel', 'priyahikes', 'jonasrides']);
    // Maya's profile is public: following her is accepted at once, so no request waits for her.
    expect(handles(await get('/api/followerRequest', memberList))).toEqual([]);

    const notices = await get('/api/notifications', notificationList);
    expect(notices).toMatchObject({ total: 5, unreadCount: 2, newFollowerRequestCount: 0 });
    expect(notices.list.map((n) => [n.message, n.isRead])).toEqual([
      ['Theo Martin started following you.', false],
      ['Lena Fischer started following you.', false],
      ['Sam Okafor accepted your follow request.', true],
      ['Priya Nair started following you.', true],
      ['Jonas Berg started following you.', true],
    ]);
    const dates = new Set(notices.list.map((n) => n.createdAt.slice(0, 10)));
    expect(dates.size).toBeGreaterThanOrEqual(4);

    // Sam's profile is private, and the demo member, an accepted follower, sees it whole.
    const sam = members.find((m) => m.handleName === 'samgravel')!;
    expect(await get(`/api/user-profile?userId=${sam.id}`, memberProfile)).toMatchObject({ isPrivate: true, isFollowing: true, canViewContent: true });
  });

  it('holds follow requests only to private profiles, each with its notification: Theo’s to Sam', async () => {
    const pending = await t.db
      .select({ to: users.handleName, isPrivate: users.isPrivate })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.status, 'pending'));
    expect(pending).toEqual([{ to: 'samgravel', isPrivate: true }]);
    const sam = members.find((m) => m.handleName === 'samgravel')!;
    const samToken = await t.tokenFor(DEMO_MEMBERS.find((m) => m.handleName === 'samgravel')!.email, DEMO_PASSWORD);
    const samNotices = okData(await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.bearer(samToken) }), notificationList);
    expect(samNotices).toMatchObject({ newFollowerRequestCount: 1 });
    expect(samNotices.list.map((n) => n.message)).toEqual(['Theo Martin asked to follow you.']);
    expect(await t.db.select().from(follows).where(and(eq(follows.followeeId, sam.id), eq(follows.status, 'accepted')))).toHaveLength(1);
  });

  it('adds nothing when run again', async () => {
    await t.db.transaction((tx) => seedSocialGraph(tx, members, t.clock.now()));
    expect(await get('/api/notifications', notificationList)).toMatchObject({ total: 5, unreadCount: 2, newFollowerRequestCount: 0 });
    expect((await get('/api/follower', memberList)).total).toBe(4);
  });
});
