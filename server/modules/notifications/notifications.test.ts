import { eq, Placeholder } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExport } from '#contract/account';
import { followRequestSummary, NOTIFICATION_KINDS, notificationBadge, notificationList, notificationSettings } from '#contract/notifications';
import { notifications, notificationSettings as settingsTable } from '../../db/schema/notifications';
import { days } from '../../lib/clock';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { notificationViewQuery } from './notification-views';
import { notify } from './notify';
import { helpers, type Member } from './test-helpers';

// Issue 4: the notifications screen (list, read, counts, the follow-requests row) and its settings, and the member's
// data rights over both.

let t: TestApp;
beforeAll(async () => {
  // No job poller: the export test runs its job when it wants to.
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const { send, member, toggle, listen } = helpers(() => t);

const list = async (who: Member, page?: number) =>
  okData(await send('GET', `/api/notifications${page ? `?page=${page}` : ''}`, who.token), notificationList);
const badge = async (who: Member) => okData(await send('GET', '/api/notifications/badge', who.token), notificationBadge);
const read = (who: Member, payload: object) => send('POST', '/api/notifications/read', who.token, payload);
const settings = async (who: Member) => okData(await send('GET', '/api/notification-setting', who.token), notificationSettings).settings;
const saveSettings = (who: Member, payload: object) => send('POST', '/api/notification-setting', who.token, payload);

/** `n` notifications for `to`, each "started following you" by `from`, oldest first. */
async function followerNotices(to: Member, from: Member, n: number) {
  const written = [];
  for (let i = 0; i < n; i++) {
    written.push(await notify(t.app.deps, { userId: to.userId, actorId: from.userId, kind: 'new_follower', subjectType: 'profile', subjectId: from.userId }));
  }
  return written.map((w) => w!.id);
}

describe('GET /api/notifications', () => {
  it('pages 20 at a time, newest first by time, then id', async () => {
    const a = await member();
    const b = await member();
    const ids = await followerNotices(a, b, 22);
    // One written later but dated a day earlier sorts last: the order is by time, not by id.
    const [old] = await t.db
      .insert(notifications)
      .values({ userId: a.userId, actorId: b.userId, kind: 'new_follower', subjectType: 'profile', subjectId: b.userId, message: 'Old.', createdAt: new Date(Date.now() - days(1)) })
      .returning();
    const first = await list(a);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 23, unreadCount: 23, newFollowerRequestCount: 0 });
    const second = await list(a, 2);
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 23 });
    expect([...first.list, ...second.list].map((n) => n.id)).toEqual([...ids.reverse(), old!.id]);
    expect((await list(a, 3)).list).toEqual([]);
  });

  it('goes on from the cursor while new notifications arrive: none twice, none missed', async () => {
    const a = await member();
    const b = await member();
    const ids = await followerNotices(a, b, 25);
    const first = await list(a);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 25, next_cursor: expect.any(String) });
    const newestFirst = [...ids].reverse();
    expect(first.list.map((n) => n.id)).toEqual(newestFirst.slice(0, 20));
    await followerNotices(a, b, 3);
    const second = okData(await send('GET', `/api/notifications?cursor=${first.next_cursor}`, a.token), notificationList);
    expect(second.list.map((n) => n.id)).toEqual(newestFirst.slice(20));
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 28, next_cursor: null, unreadCount: 28 });
  });

  it('builds the view once per shape, every member, page and cursor a parameter', async () => {
    const a = await member();
    const b = await member();
    const page = (after?: { createdAt: Date; id: number }) => ({ page: { after, limit: 21, offset: 0 } });
    const first = notificationViewQuery(t.db, { userId: a.userId, timeZone: 'UTC', ...page() });
    const other = notificationViewQuery(t.db, { userId: b.userId, timeZone: 'Europe/London', page: { limit: 21, offset: 40 } });
    expect(other.statement).toBe(first.statement);
    expect(other.values).toMatchObject({ userId: b.userId, timeZone: 'Europe/London', offset: 40 });
    const later = notificationViewQuery(t.db, { userId: b.userId, timeZone: 'UTC', ...page({ createdAt: new Date(), id: 7 }) });
    const one = notificationViewQuery(t.db, { userId: a.userId, timeZone: 'UTC', only: 7 });
    expect(new Set([first.statement, later.statement, one.statement]).size).toBe(3);
    expect(notificationViewQuery(t.db, { userId: a.userId, timeZone: 'UTC', only: 8 }).statement).toBe(one.statement);
    // Every value of a call is a placeholder, none written into the text.
    const placeholders = (q: typeof first) => q.statement.getQuery().params.flatMap((p) => (p instanceof Placeholder ? [p.name] : []));
    expect(new Set(placeholders(first))).toEqual(new Set(['userId', 'timeZone', 'limit', 'offset']));
    expect(new Set(placeholders(later))).toEqual(new Set(['userId', 'timeZone', 'afterAt', 'afterId', 'limit', 'offset']));
    expect(new Set(placeholders(one))).toEqual(new Set(['userId', 'timeZone', 'only']));
    for (const q of [first, later, one]) expect(q.statement.getQuery().params).not.toContain(a.userId);
    // The one a live message runs finds that notification alone.
    const [id] = await followerNotices(a, b, 2);
    const alone = notificationViewQuery(t.db, { userId: a.userId, timeZone: 'UTC', only: id! });
    expect((await alone.statement.execute(alone.values)).map((r) => [r.id, r.total])).toEqual([[id, 1]]);
  });

  it('shows only the caller\'s notifications and refuses bad paging', async () => {
    const a = await member();
    const b = await member();
    await followerNotices(a, b, 2);
    expect((await list(b)).total).toBe(0);
    expect((await send('GET', '/api/notifications?page=0', a.token)).statusCode).toBe(400);
    expect((await send('GET', '/api/notifications?page=x', a.token)).statusCode).toBe(400);
    expect((await send('GET', '/api/notifications?userId=1', a.token)).statusCode).toBe(400);
    for (const cursor of [Buffer.from('1.2.x').toString('base64url'), '%2F%2F', '']) {
      const res = await send('GET', `/api/notifications?cursor=${cursor}`, a.token);
      expect(res.statusCode, cursor).toBe(400);
      expect(body(res).errors?.cursor, cursor).toBeDefined();
    }
  });

  it('lets a notification go with its actor\'s account', async () => {
    const a = await member();
    const b = await member();
    await followerNotices(a, b, 1);
    const del = await send('POST', '/api/account/delete', b.token, { password: b.password });
    expect(del.statusCode, del.body).toBe(200);
    expect(await list(a)).toMatchObject({ total: 0, unreadCount: 0 });
  });
});

describe('POST /api/notifications/read', () => {
  it('marks one read, answers the badge and sends it to the member\'s devices', async () => {
    const a = await member();
    const b = await member();
    const [first, second] = await followerNotices(a, b, 2);
    const live = listen();
    const res = await read(a, { notificationId: first });
    live.stop();
    expect(body(res).message).toBe('Notification marked as read.');
    expect(okData(res, notificationBadge)).toEqual({ unreadCount: 1, newFollowerRequestCount: 0 });
    expect(live.to(a.userId)).toEqual([{ type: 'badge', badge: { unreadCount: 1, newFollowerRequestCount: 0 } }]);
    const shown = (await list(a)).list;
    expect(shown.find((n) => n.id === first)?.isRead).toBe(true);
    expect(shown.find((n) => n.id === second)?.isRead).toBe(false);
    // Again is fine.
    expect(okData(await read(a, { notificationId: first }), notificationBadge).unreadCount).toBe(1);
  });

  it('marks all read without touching another member\'s', async () => {
    const a = await member({ private: true });
    const b = await member();
    await followerNotices(a, b, 3);
    await followerNotices(b, a, 1);
    await toggle('POST', '/api/follow', b, a.userId);
    expect(await badge(a)).toEqual({ unreadCount: 4, newFollowerRequestCount: 1 });
    const res = await read(a, {});
    expect(body(res).message).toBe('All notifications marked as read.');
    // Reading the request's notification does not settle the request.
    expect(okData(res, notificationBadge)).toEqual({ unreadCount: 0, newFollowerRequestCount: 1 });
    expect((await list(a)).list.every((n) => n.isRead)).toBe(true);
    expect(await badge(b)).toEqual({ unreadCount: 1, newFollowerRequestCount: 0 });
  });

  it('is a 404 for someone else\'s notification or one that does not exist, and changes nothing', async () => {
    const a = await member();
    const b = await member();
    const [theirs] = await followerNotices(b, a, 1);
    for (const id of [theirs, 2_000_000_000]) {
      const res = await read(a, { notificationId: id });
      expect(res.statusCode).toBe(404);
      expect(body(res).message).toBe('That notification does not exist.');
    }
    expect(await badge(b)).toEqual({ unreadCount: 1, newFollowerRequestCount: 0 });
    expect((await read(a, { notificationId: 0 })).statusCode).toBe(400);
    expect((await read(a, { notificationId: '1' })).statusCode).toBe(400);
    expect((await read(a, { all: true })).statusCode).toBe(400);
  });
});

describe('GET /api/notificationRequestFollowList', () => {
  it('counts the requests waiting and shows the three newest requesters as member cards', async () => {
    const a = await member({ private: true });
    const askers: Member[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await member({ firstName: `Asker${i}` });
      await toggle('POST', '/api/follow', m, a.userId);
      askers.push(m);
    }
    // A follower who is accepted is not a request.
    await toggle('POST', '/api/follow/accept', a, askers[0]!.userId);
    await toggle('POST', '/api/follow', a, askers[3]!.userId);
    const summary = okData(await send('GET', '/api/notificationRequestFollowList', a.token), followRequestSummary);
    expect(summary.newFollowerRequestCount).toBe(3);
    expect(summary.latest.map((c) => c.userId)).toEqual([askers[3]!.userId, askers[2]!.userId, askers[1]!.userId]);
    expect(summary.latest[0]).toMatchObject({ firstName: 'Asker3', handleName: askers[3]!.handleName, isFollowing: true, isFollowedBy: false });
    // Never another member's e-mail or birth date.
    const raw = (await send('GET', '/api/notificationRequestFollowList', a.token)).body;
    for (const secret of [askers[1]!.email, '1990-05-17', '"email"']) expect(raw).not.toContain(secret);
    const nobody = await member();
    expect(okData(await send('GET', '/api/notificationRequestFollowList', nobody.token), followRequestSummary)).toEqual({ newFollowerRequestCount: 0, latest: [] });
  });
});

describe('notification settings', () => {
  it('answers every kind, both channels on, until the member chooses', async () => {
    const a = await member();
    expect(await settings(a)).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: true, email: true })));
  });

  it('saves any subset, keeps the rest, and answers every kind', async () => {
    const a = await member();
    const first = await saveSettings(a, { settings: [{ kind: 'likes', inApp: false, email: false }, { kind: 'new_follower', inApp: true, email: false }] });
    expect(body(first).message).toBe('Notification settings saved.');
    const saved = okData(first, notificationSettings).settings;
    expect(saved).toHaveLength(NOTIFICATION_KINDS.length);
    expect(saved.find((s) => s.kind === 'likes')).toEqual({ kind: 'likes', inApp: false, email: false });
    expect(saved.find((s) => s.kind === 'new_follower')).toEqual({ kind: 'new_follower', inApp: true, email: false });
    expect(saved.find((s) => s.kind === 'comments')).toEqual({ kind: 'comments', inApp: true, email: true });
    // Later, one kind changes; the others stay as chosen.
    const second = okData(await saveSettings(a, { settings: [{ kind: 'likes', inApp: true, email: false }] }), notificationSettings).settings;
    expect(second.find((s) => s.kind === 'likes')).toEqual({ kind: 'likes', inApp: true, email: false });
    expect(second.find((s) => s.kind === 'new_follower')).toEqual({ kind: 'new_follower', inApp: true, email: false });
    expect(await settings(a)).toEqual(second);
    // An empty list changes nothing.
    expect(okData(await saveSettings(a, { settings: [] }), notificationSettings).settings).toEqual(second);
    // Another member's settings are their own.
    expect((await settings(await member())).every((s) => s.inApp && s.email)).toBe(true);
  });

  it('refuses a kind named twice, an unknown kind and a missing channel, saving nothing', async () => {
    const a = await member();
    const twice = await saveSettings(a, { settings: [{ kind: 'likes', inApp: false, email: false }, { kind: 'likes', inApp: true, email: true }] });
    expect(twice.statusCode).toBe(400);
    expect(body(twice).message).toBe('Each kind of notification may appear only once.');
    expect(body(twice).errors?.settings).toEqual(['"likes" appears more than once.']);
    const unknown = await saveSettings(a, { settings: [{ kind: 'weather', inApp: false, email: false }] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(body(unknown).errors ?? {})).toEqual(['settings.0.kind']);
    expect((await saveSettings(a, { settings: [{ kind: 'likes', inApp: false }] })).statusCode).toBe(400);
    expect((await saveSettings(a, { settings: [{ kind: 'likes', inApp: false, email: false, push: true }] })).statusCode).toBe(400);
    expect((await saveSettings(a, {})).statusCode).toBe(400);
    expect(await t.db.select().from(settingsTable).where(eq(settingsTable.userId, a.userId))).toEqual([]);
  });
});

describe('signed out', () => {
  it('every notification route is a 401', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/notifications', undefined],
      ['POST', '/api/notifications/read', {}],
      ['GET', '/api/notifications/badge', undefined],
      ['GET', '/api/notificationRequestFollowList', undefined],
      ['GET', '/api/notification-setting', undefined],
      ['POST', '/api/notification-setting', { settings: [] }],
    ] as const) {
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(401);
    }
  });
});

describe('data rights', () => {
  it('the export holds the member\'s notifications and settings', async () => {
    const a = await member();
    const b = await member({ firstName: 'Robin', lastName: 'Ridge' });
    await toggle('POST', '/api/follow', b, a.userId);
    expect((await saveSettings(a, { settings: [{ kind: 'likes', inApp: false, email: true }] })).statusCode).toBe(200);
    const started = okData(await send('GET', '/api/account/export', a.token), dataExport);
    await t.app.deps.jobs.drain();
    const zip = await send('GET', `/api/account/exports/${started.exportId}/download`, a.token);
    expect(zip.statusCode).toBe(200);
    const json = JSON.parse(readZip(zip.rawPayload).get('switchback-export.json')!.toString('utf8')) as { sections: Record<string, unknown> };
    expect(json.sections.notifications).toEqual([
      {
        kind: 'new_follower',
        message: 'Robin Ridge started following you.',
        fromHandleName: b.handleName,
        subjectType: 'profile',
        subjectId: b.userId,
        parentId: null,
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    expect(json.sections.notificationSettings).toContainEqual({ kind: 'likes', inApp: false, email: true });
    expect(json.sections.notificationSettings).toContainEqual({ kind: 'new_follower', inApp: true, email: true });
    expect(JSON.stringify(json)).not.toContain(b.email);
  });

  it('deleting the account takes its notifications and settings with it', async () => {
    const a = await member();
    const b = await member();
    await followerNotices(a, b, 2);
    expect((await saveSettings(a, { settings: [{ kind: 'likes', inApp: false, email: false }] })).statusCode).toBe(200);
    expect((await send('POST', '/api/account/delete', a.token, { password: a.password })).statusCode).toBe(200);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, a.userId))).toEqual([]);
    expect(await t.db.select().from(settingsTable).where(eq(settingsTable.userId, a.userId))).toEqual([]);
  });
});
