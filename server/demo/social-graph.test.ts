import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationList } from '#contract/notifications';
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
  it('gives the demo member followers, following, a waiting request and notifications over several days', async () => {
    expect(handles(await get('/api/follower', memberList))).toEqual(['lenaruns', 'priyahikes', 'jonasrides']);
    expect(handles(await get('/api/following', memberList))).toEqual(['samgravel', 'priyahikes', 'jonasrides']);
    expect(handles(await get('/api/followerRequest', memberList))).toEqual(['theowalks']);

    const notices = await get('/api/notifications', notificationList);
    expect(notices).toMatchObject({ total: 5, unreadCount: 2, newFollowerRequestCount: 1 });
    expect(notices.list.map((n) => [n.message, n.isRead])).toEqual([
      ['Theo Martin asked to follow you.', false],
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

  it('adds nothing when run again', async () => {
    await t.db.transaction((tx) => seedSocialGraph(tx, members, t.clock.now()));
    expect(await get('/api/notifications', notificationList)).toMatchObject({ total: 5, unreadCount: 2, newFollowerRequestCount: 1 });
    expect((await get('/api/follower', memberList)).total).toBe(3);
  });
});
