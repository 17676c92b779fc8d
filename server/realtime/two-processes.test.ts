import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feed } from '#contract/feeds';
import { ownLiveSession } from '#contract/live';
import { WS_CLOSE } from '#contract/realtime';
import { buildApp } from '../app';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import type { BusMessage } from './bus';
import { liveKey } from './live-watch';
import { createRedisBus } from './redis-bus';
import { closedWithin, followNotice, listen, openSocket, type TestSocket } from './test-socket';
import { threadKey } from './thread-watch';

// Scale-out (architecture.md): API processes share nothing but the database and Redis. A member's socket is held by
// process B; what process A does must reach it. Runs when REDIS_URL is set (CI and .ci/run set it when Redis answers).

describe.runIf(process.env.REDIS_URL)('two API processes joined by Redis', () => {
  let t: TestApp;
  let a: TestApp['app'];
  let b: TestApp['app'];
  let bUrl: string;
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // This run's own channel, so parallel runs (PGlite and PostgreSQL projects) never hear each other.
    const channel = `switchback-test:${process.pid}:${randomUUID()}`;
    const processOn = () =>
      buildApp({
        config: { ...t.config, jobPollMs: 0 },
        db: t.db,
        clock: t.clock,
        bus: createRedisBus(process.env.REDIS_URL!, t.app.log, { channel }),
        // The session re-check slowed to a minute: a close seen within 5 s came over Redis.
        socketTimings: { heartbeatMs: 25_000, sessionCheckMs: 60_000 },
      });
    [a, b] = await Promise.all([processOn(), processOn()]);
    bUrl = await listen(b);
  });
  afterAll(async () => {
    for (const s of opened) s.socket.terminate();
    await Promise.all([a?.close(), b?.close()]);
    await t?.close();
  });

  async function onB(userId: number, token: string) {
    const s = openSocket(bUrl, { token });
    opened.push(s);
    await vi.waitFor(() => expect(b.liveSockets.count(userId)).toBe(1), { timeout: 5000, interval: 10 });
    // The server may count the socket before the client has heard its upgrade answered: sending waits for that too.
    await vi.waitFor(() => expect(s.socket.readyState).toBe(s.socket.OPEN), { timeout: 5000, interval: 10 });
    return s;
  }

  it('a message published by A reaches its member’s socket on B, and no one else’s', async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    const mine = await onB(member.userId, member.token);
    const theirs = await onB(other.userId, other.token);

    const notice = followNotice(8, other.userId);
    await a.deps.bus.publish({ type: 'deliver', userId: member.userId, message: notice });
    expect(await mine.received(1)).toEqual([notice]);

    const badge = { type: 'badge' as const, badge: { unreadCount: 3, newFollowerRequestCount: 0 } };
    await a.deps.bus.publish({ type: 'deliver', userId: other.userId, message: badge });
    expect(await theirs.received(1)).toEqual([badge]);
    expect(mine.messages).toEqual([notice]);
  });

  it('a follow made through A shows up at once on the followed member’s socket on B', async () => {
    const rider = await t.signUp();
    const fan = await t.signUp();
    const s = await onB(rider.userId, rider.token);
    // What A publishes, heard by a listener that pushes to nobody (so it does not make A build anything).
    const fromA: BusMessage[] = [];
    const stop = a.deps.bus.subscribe((m) => fromA.push(m), () => false);

    const res = await a.inject({ method: 'POST', url: '/api/follow', headers: t.bearer(fan.token), payload: { userId: rider.userId } });
    expect(res.statusCode).toBe(200);
    stop();

    await vi.waitFor(() => expect(s.messages.some((m) => m.type === 'notification')).toBe(true), { timeout: 5000, interval: 10 });
    const message = s.messages.find((m) => m.type === 'notification')!;
    expect(message).toMatchObject({
      type: 'notification',
      notification: { kind: 'new_follower', actor: { userId: fan.userId, handleName: fan.handleName }, isRead: false },
      badge: { unreadCount: 1 },
    });
    // A holds no socket of the rider's: it sent what to build, and B, which holds one, built it.
    expect(fromA.filter((m) => m.type === 'build' || m.type === 'deliver')).toEqual([
      { type: 'build', userId: rider.userId, entries: [expect.objectContaining({ type: 'notification' }), { type: 'relationship', otherId: fan.userId }] },
    ]);
  });

  it('a comment added through A reaches the sockets on B watching that post', async () => {
    const author = await t.signUp();
    const reader = await t.signUp();
    const feedId = okData(await a.inject({ method: 'POST', url: '/api/feed', headers: t.bearer(author.token), payload: { title: 'Loop', description: '', isDraft: false } }), feed).id;
    const s = await onB(reader.userId, reader.token);
    s.socket.send(JSON.stringify({ type: 'watch', subject: 'feed', id: feedId }));
    await vi.waitFor(() => expect(b.liveSockets.watchersOf(threadKey('feed', feedId))).toHaveLength(1), { timeout: 5000, interval: 10 });

    const res = await a.inject({ method: 'POST', url: '/api/feed/comment', headers: t.bearer(author.token), payload: { feedId, comment: 'Fresh from A' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.received(1)).toMatchObject([{ type: 'comment-added', subject: 'feed', subjectId: feedId, comment: { comment: 'Fresh from A' }, commentCount: 1 }]);
  });

  it('a live session fed through A reaches its watcher on B, and a block through A cuts it within 5 s', async () => {
    const sharer = await t.signUp();
    const viewer = await t.signUp();
    const asA = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => a.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });
    expect((await asA(viewer.token, 'POST', '/api/follow', { userId: sharer.userId })).statusCode).toBe(200);
    const live = okData(await asA(sharer.token, 'POST', '/api/live', { sportId: 53, audience: 'followers' }), ownLiveSession);
    const s = await onB(viewer.userId, viewer.token);
    s.socket.send(JSON.stringify({ type: 'watch-live', id: live.id }));
    await vi.waitFor(() => expect(b.liveSockets.watchersOf(liveKey(live.id))).toHaveLength(1), { timeout: 5000, interval: 10 });

    const at = t.clock.now().getTime();
    const points = [0, 1, 2].map((i) => ({ t: at - 3000 + i * 1000, lng: 8.54 + i * 0.001, lat: 47.37 + i * 0.001 }));
    expect((await asA(sharer.token, 'POST', `/api/live/${live.id}/positions`, { points })).statusCode).toBe(200);
    await vi.waitFor(() => expect(s.messages.filter((m) => m.type === 'live-position')).toHaveLength(1), { timeout: 5000, interval: 10 });

    expect((await asA(sharer.token, 'POST', '/api/block', { userId: viewer.userId })).statusCode).toBe(200);
    await vi.waitFor(() => expect(s.messages.some((m) => m.type === 'live-gone' && m.liveId === live.id)).toBe(true), { timeout: 5000, interval: 10 });
  });

  it('signing out through A closes that device’s socket on B within 5 s', async () => {
    const member = await t.signUp();
    const s = await onB(member.userId, member.token);
    const res = await a.inject({ method: 'POST', url: '/api/logout', headers: t.bearer(member.token) });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(s)).toEqual({ code: WS_CLOSE.sessionEnded, reason: 'Session ended' });
  });
});
