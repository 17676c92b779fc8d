import { describe, expect, it, vi } from 'vitest';
import { MAX_BATCH_POINTS } from '#contract/live';
import { MAX_CLIENT_FRAME_BYTES, type ClientMessage, type LiveMessage } from '#contract/realtime';
import { hours } from '../lib/clock';
import { liveHelpers, type Member } from '../modules/live/live-test-helpers';
import { blocks } from '../db/schema/moderation';
import { liveKey, RECHECK_MS } from './live-watch';
import { closedWithin, socketTestApp, type TestSocket } from './test-socket';

// Live sessions over the socket (issue 26, check 20): a watcher hears the positions the sharer may show them, and
// stops hearing them within 5 s of a block, an unfollow, being left out, or the session's end.

const sockets = socketTestApp({ env: { JOB_POLL_MS: '0' } });

const h = liveHelpers(sockets.app);
const { member, toggle, send, recent, start, positions } = h;

async function socketOf(who: Member) {
  const s = sockets.open(who.token);
  await vi.waitFor(() => expect(s.socket.readyState).toBe(s.socket.OPEN), { timeout: 5000, interval: 10 });
  await vi.waitFor(() => expect(sockets.app().app.liveSockets.count(who.userId)).toBeGreaterThan(0), { timeout: 5000, interval: 10 });
  return s;
}
const sendFrame = (s: TestSocket, frame: ClientMessage) => s.socket.send(JSON.stringify(frame));

/** `who`'s socket watching `liveId`, once the server took the watch. */
async function watching(who: Member, liveId: number) {
  const s = await socketOf(who);
  sendFrame(s, { type: 'watch-live', id: liveId });
  await vi.waitFor(() => expect(sockets.app().app.liveSockets.watchersOf(liveKey(liveId)).map((w) => w.userId)).toContain(who.userId), { timeout: 5000, interval: 10 });
  return s;
}

const of = <T extends LiveMessage['type']>(s: TestSocket, type: T) => s.messages.filter((m): m is Extract<LiveMessage, { type: T }> => m.type === type);
const gone = (s: TestSocket, liveId: number) => vi.waitFor(() => expect(of(s, 'live-gone').map((m) => m.liveId)).toContain(liveId), { timeout: 5000, interval: 20 });

/** A sharer with a follower watching their session over the socket. */
async function watched(audience: 'followers' | 'chosen' = 'followers') {
  const sharer = await member();
  const viewer = await member();
  await toggle('POST', '/api/follow', viewer, sharer.userId);
  const live = await start(sharer, { audience, watcherIds: audience === 'chosen' ? [viewer.userId] : [] });
  const s = await watching(viewer, live.id);
  await positions(sharer, live.id, recent(3));
  await vi.waitFor(() => expect(of(s, 'live-position')).toHaveLength(1), { timeout: 5000, interval: 20 });
  return { sharer, viewer, live, s };
}

describe('watching a live session over the socket', () => {
  it('hears each batch the sharer sends, over HTTP or over their own socket (acknowledged)', async () => {
    const { sharer, live, s } = await watched();
    expect(of(s, 'live-position')[0]).toMatchObject({ liveId: live.id, resume: false });
    expect(of(s, 'live-position')[0]!.points).toHaveLength(3);

    const own = await socketOf(sharer);
    const batch = recent(2).map((p) => ({ ...p, t: p.t + 5000, lng: p.lng + 0.01 }));
    sendFrame(own, { type: 'live-positions', id: live.id, points: batch });
    await vi.waitFor(() => expect(of(own, 'live-ack')).toEqual([{ type: 'live-ack', liveId: live.id, storedUntil: batch[1]!.t, status: 'live' }]), { timeout: 5000, interval: 20 });
    await vi.waitFor(() => expect(of(s, 'live-position')).toHaveLength(2), { timeout: 5000, interval: 20 });
    expect(of(s, 'live-position')[1]!.points.map((p) => p[2])).toEqual(batch.map((p) => p.t));
  });

  it('refuses a watch the member may not have: `live-gone`, and nothing after', async () => {
    const sharer = await member();
    const stranger = await member();
    const live = await start(sharer, { audience: 'chosen' });
    const s = await socketOf(stranger);
    sendFrame(s, { type: 'watch-live', id: live.id });
    await gone(s, live.id);
    await positions(sharer, live.id, recent(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(of(s, 'live-position')).toEqual([]);
  });

  it('takes a full batch in one frame, and closes a socket that sends more than 16 KB at once', async () => {
    const sharer = await member();
    const live = await start(sharer);
    const own = await socketOf(sharer);
    const batch = recent(MAX_BATCH_POINTS).map((p, i) => ({ ...p, ele: 1234.5678 + i, acc: 12.345 }));
    expect(JSON.stringify({ type: 'live-positions', id: live.id, points: batch }).length).toBeLessThan(MAX_CLIENT_FRAME_BYTES);
    sendFrame(own, { type: 'live-positions', id: live.id, points: batch });
    await vi.waitFor(() => expect(of(own, 'live-ack')).toHaveLength(1), { timeout: 5000, interval: 20 });
    own.socket.send('x'.repeat(MAX_CLIENT_FRAME_BYTES + 1));
    expect((await closedWithin(own)).code).toBe(1009);
  });

  it.each([
    ['the sharer blocks the watcher', async (x: Awaited<ReturnType<typeof watched>>) => toggle('POST', '/api/block', x.sharer, x.viewer.userId)],
    ['the watcher blocks the sharer', async (x: Awaited<ReturnType<typeof watched>>) => toggle('POST', '/api/block', x.viewer, x.sharer.userId)],
    ['the watcher unfollows', async (x: Awaited<ReturnType<typeof watched>>) => toggle('POST', '/api/unFollow', x.viewer, x.sharer.userId)],
    ['the sharer removes the follower', async (x: Awaited<ReturnType<typeof watched>>) => toggle('POST', '/api/follower/remove', x.sharer, x.viewer.userId)],
  ])('stops within 5 s when %s', async (_name, change) => {
    const x = await watched();
    await change(x);
    await gone(x.s, x.live.id);
    await positions(x.sharer, x.live.id, recent(2).map((p) => ({ ...p, t: p.t + 10_000 })));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(of(x.s, 'live-position')).toHaveLength(1);
  });

  it('cuts, at the next sweep, a watch whose re-check message was lost (a block written behind the bus’s back)', async () => {
    const x = await watched();
    await sockets.app().db.insert(blocks).values({ blockerId: x.sharer.userId, blockedId: x.viewer.userId, createdAt: sockets.app().clock.now() });
    await sockets.app().app.liveWatch.sweep();
    expect(of(x.s, 'live-gone'), 'asked less than RECHECK_MS ago: not yet').toEqual([]);
    sockets.app().clock.advance(RECHECK_MS);
    await sockets.app().app.liveWatch.sweep();
    await gone(x.s, x.live.id);
  });

  it('stops within 5 s when the sharer leaves the watcher out', async () => {
    const x = await watched('chosen');
    const res = await send('PUT', `/api/live/${x.live.id}/people`, x.sharer.token, { watcherIds: [], contactIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    await gone(x.s, x.live.id);
  });

  it('stops within 5 s when the session expires', async () => {
    const x = await watched();
    sockets.app().clock.advance(hours(12) + 1000);
    await sockets.app().app.deps.jobs.drain();
    await gone(x.s, x.live.id);
    // Told it ended too, unless the sweep found it expired first.
    expect(of(x.s, 'live-status').map((m) => m.status)).not.toContain('live');
  });
});
