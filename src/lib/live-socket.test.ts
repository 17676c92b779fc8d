import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '#contract/realtime';
import { createLiveSocket, liveSocketUrl, reconnectDelay, RECONNECT_MAX_MS, type LiveListener } from './live-socket';

/** A WebSocket the test drives: it opens, delivers frames and closes when told to. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  closedWith: number | null = null;
  /** What the app sent, parsed. */
  sent: unknown[] = [];
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(frame: string) {
    this.sent.push(JSON.parse(frame));
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
  }
  serverOpens() {
    this.onopen?.(new Event('open'));
  }
  serverSends(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  serverCloses(code: number) {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** A session store of the test's own. */
function fakeSession(initial: string | null) {
  let token = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSnapshot: () => ({ token }),
    set(next: string | null) {
      token = next;
      listeners.forEach((l) => l());
    },
  };
}

const badge: LiveMessage = { type: 'badge', badge: { unreadCount: 2, newFollowerRequestCount: 1 } };

function setup(token: string | null = 'token-a') {
  const session = fakeSession(token);
  const live = createLiveSocket({
    session,
    urlFor: (t) => `ws://app.test/ws?token=${t}`,
    open: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 0.5,
  });
  const listener = { onMessage: vi.fn(), onReconnect: vi.fn(), onSessionEnded: vi.fn() } satisfies LiveListener;
  return { session, live, listener, sockets: FakeSocket.all, latest: () => FakeSocket.all.at(-1)! };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('live socket', () => {
  it('opens one connection with the session token once something listens, and hands on valid frames only', () => {
    const { live, listener, sockets, latest } = setup();
    expect(sockets).toHaveLength(0);
    live.listen(listener);
    live.listen({});
    expect(sockets).toHaveLength(1);
    expect(latest().url).toBe('ws://app.test/ws?token=token-a');

    latest().serverOpens();
    latest().serverSends(badge);
    latest().serverSends({ type: 'confetti', amount: 3 });
    latest().serverSends('not json');
    latest().serverSends({ type: 'badge', badge: { unreadCount: -1, newFollowerRequestCount: 0 } });
    expect(listener.onMessage).toHaveBeenCalledTimes(1);
    expect(listener.onMessage).toHaveBeenCalledWith(badge);
    expect(listener.onReconnect).not.toHaveBeenCalled();
  });

  it('opens nothing while signed out', () => {
    const { live, listener, sockets } = setup(null);
    live.listen(listener);
    expect(sockets).toHaveLength(0);
  });

  it('reconnects after an unexpected close with growing, capped waits, and reports the reconnect', () => {
    const { live, listener, sockets, latest } = setup();
    live.listen(listener);
    latest().serverOpens();

    latest().serverCloses(1006);
    // random() = 0.5: three quarters of the ceiling.
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    // Still down: the next wait doubles.
    latest().serverCloses(1006);
    vi.advanceTimersByTime(1499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    expect(listener.onReconnect).not.toHaveBeenCalled();

    latest().serverOpens();
    expect(listener.onReconnect).toHaveBeenCalledTimes(1);
    // Back up: the waits start again from the first.
    latest().serverCloses(1001);
    vi.advanceTimersByTime(750);
    expect(sockets).toHaveLength(4);
  });

  it('never waits longer than the cap, and spreads the waits out', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it.each([4401, 4403])('after close %i it does not reconnect and asks to sign out', (code) => {
    const { live, listener, sockets, latest, session } = setup();
    live.listen(listener);
    latest().serverOpens();
    latest().serverCloses(code);
    expect(listener.onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    live.listen({});
    expect(sockets).toHaveLength(1);

    // A new sign-in gets its own connection.
    session.set('token-b');
    expect(sockets).toHaveLength(2);
    expect(latest().url).toContain('token=token-b');
  });

  it('closes on sign-out, drops a pending retry, and opens anew for the next account', () => {
    const { live, listener, sockets, latest, session } = setup();
    live.listen(listener);
    const first = latest();
    first.serverOpens();
    session.set(null);
    expect(first.closedWith).toBe(1000);

    session.set('token-b');
    expect(sockets).toHaveLength(2);
    latest().serverCloses(1006);
    session.set(null);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(2);
  });

  it('switches the connection when another account signs in (another tab)', () => {
    const { live, listener, latest, session } = setup();
    live.listen(listener);
    const first = latest();
    first.serverOpens();
    session.set('token-b');
    expect(first.closedWith).toBe(1000);
    expect(latest().url).toContain('token=token-b');
    // Frames still arriving on the old socket belong to the old account.
    first.serverSends(badge);
    expect(listener.onMessage).not.toHaveBeenCalled();
    // The new account's first open is not a reconnect.
    latest().serverOpens();
    expect(listener.onReconnect).not.toHaveBeenCalled();
  });

  it('closes when the last listener leaves, but keeps the connection through an immediate re-listen', () => {
    const { live, listener, sockets, latest } = setup();
    const stop = live.listen(listener);
    const first = latest();
    stop();
    live.listen(listener);
    vi.advanceTimersByTime(10);
    expect(first.closedWith).toBeNull();
    expect(sockets).toHaveLength(1);

    live.listen(listener)();
    const stopAll = live.listen(listener);
    stopAll();
    vi.advanceTimersByTime(10);
    // The listener was added three times but a Set holds it once.
    expect(first.closedWith).toBe(1000);
  });
});

describe('watched comment threads', () => {
  const watch = (id: number) => ({ type: 'watch', subject: 'feed', id });

  it('tells the server which threads are open on every open, and when the last screen showing one closes', () => {
    const { live, listener, latest } = setup();
    const stopFirst = live.watch('feed', 41);
    const stopSecond = live.watch('feed', 41);
    live.watch('event', 7);
    live.listen(listener);
    // Nothing goes out before the socket is open.
    expect(latest().sent).toEqual([]);
    latest().serverOpens();
    expect(latest().sent).toEqual([watch(41), { type: 'watch', subject: 'event', id: 7 }]);

    live.watch('feed', 42);
    stopFirst();
    stopFirst();
    expect(latest().sent.slice(2)).toEqual([watch(42)]);
    stopSecond();
    expect(latest().sent.slice(3)).toEqual([{ type: 'unwatch', subject: 'feed', id: 41 }]);

    // A new connection starts with no watches: they are sent again.
    latest().serverCloses(1006);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'watch', subject: 'event', id: 7 }, watch(42)]);
  });

  it('watches live sessions like threads, again after a reconnect, and sends a sharer’s batch only while open', () => {
    const { live, latest } = setup();
    live.listen({});
    const point = { t: 1_780_000_000_000, lng: 8.5, lat: 47.3 };
    expect(live.sendLivePositions(40, [point])).toBe(false);
    const stopA = live.watchLive(31);
    const stopB = live.watchLive(31);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'watch-live', id: 31 }]);
    expect(live.sendLivePositions(40, [point])).toBe(true);
    expect(latest().sent.at(-1)).toEqual({ type: 'live-positions', id: 40, points: [point] });

    latest().serverCloses(1006);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'watch-live', id: 31 }]);
    stopA();
    stopA();
    expect(latest().sent).toHaveLength(1);
    stopB();
    expect(latest().sent.at(-1)).toEqual({ type: 'unwatch-live', id: 31 });
  });

  it('lets a passive listener hear the connection others hold, without opening or holding it', () => {
    const { live, sockets, latest } = setup();
    const passive = { onMessage: vi.fn() };
    const stopPassive = live.listen(passive, { passive: true });
    expect(sockets).toHaveLength(0);

    const stopHolder = live.listen({});
    latest().serverOpens();
    latest().serverSends(badge);
    expect(passive.onMessage).toHaveBeenCalledWith(badge);

    stopHolder();
    vi.advanceTimersByTime(10);
    expect(latest().closedWith).toBe(1000);
    stopPassive();
  });
});

describe('liveSocketUrl', () => {
  it('uses /ws on the page origin with the matching scheme', () => {
    expect(liveSocketUrl('t0k', null, 'http://localhost:3000/notifications')).toBe('ws://localhost:3000/ws?token=t0k');
    expect(liveSocketUrl('t0k', undefined, 'https://switchback.app/feeds')).toBe('wss://switchback.app/ws?token=t0k');
  });

  it('uses the configured socket URL when the server names one, escaping the token', () => {
    expect(liveSocketUrl('a+b/c', 'wss://live.switchback.app/ws', 'https://switchback.app/')).toBe(
      'wss://live.switchback.app/ws?token=a%2Bb%2Fc',
    );
  });
});
