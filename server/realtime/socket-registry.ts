import type { WebSocket } from 'ws';
import { MAX_WATCHED_LIVE, MAX_WATCHED_THREADS, WS_CLOSE, type LiveMessage } from '#contract/realtime';

/** The keys of watched live sessions (live-watch.ts); every other key is a comment thread (thread-watch.ts). */
const LIVE_PREFIX = 'live:';

/**
 * One signed-in socket. `watching` holds the comment threads it watches (thread-watch.ts), each with when its
 * member was last found to may see the subject, in the order they were watched.
 */
export type Held = { socket: WebSocket; userId: number; sessionId: number; alive: boolean; closed: boolean; watching: Map<string, number> };

/** A member who cannot keep up with their own notifications (a dead link the OS has not noticed yet) is let go. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const SESSION_ENDED_REASON = 'Session ended';

/** The signed-in sockets this process holds, per member; what the bus's messages act on. */
export class SocketRegistry {
  private readonly byUser = new Map<number, Set<Held>>();
  private readonly byThread = new Map<string, Set<Held>>();

  add(socket: WebSocket, userId: number, sessionId: number) {
    const held: Held = { socket, userId, sessionId, alive: true, closed: false, watching: new Map() };
    let own = this.byUser.get(userId);
    if (!own) this.byUser.set(userId, (own = new Set()));
    own.add(held);
    socket.on('pong', () => {
      held.alive = true;
    });
    socket.once('close', () => {
      held.closed = true;
      for (const thread of [...held.watching.keys()]) this.unwatch(held, thread);
      own.delete(held);
      if (own.size === 0 && this.byUser.get(userId) === own) this.byUser.delete(userId);
    });
    return held;
  }

  /**
   * `held` watches `thread` (checked at `checkedAt`, ms); watched again, it moves to the end. Past
   * `MAX_WATCHED_THREADS` comment threads (or `MAX_WATCHED_LIVE` live sessions, `live:` keys) the one of the same kind
   * watched longest is let go, so a socket's watches stay bounded.
   */
  watch(held: Held, thread: string, checkedAt: number) {
    if (held.closed) return;
    held.watching.delete(thread);
    held.watching.set(thread, checkedAt);
    const live = thread.startsWith(LIVE_PREFIX);
    const sameKind = [...held.watching.keys()].filter((k) => k.startsWith(LIVE_PREFIX) === live);
    const max = live ? MAX_WATCHED_LIVE : MAX_WATCHED_THREADS;
    for (const oldest of sameKind.slice(0, Math.max(0, sameKind.length - max))) this.unwatch(held, oldest);
    let watchers = this.byThread.get(thread);
    if (!watchers) this.byThread.set(thread, (watchers = new Set()));
    watchers.add(held);
  }

  /** `held`'s member was found again to may see `thread`'s subject, at `at` (ms); its place in the order stays. */
  checked(held: Held, thread: string, at: number) {
    if (held.watching.has(thread)) held.watching.set(thread, at);
  }

  unwatch(held: Held, thread: string) {
    held.watching.delete(thread);
    const watchers = this.byThread.get(thread);
    if (!watchers) return;
    watchers.delete(held);
    if (watchers.size === 0) this.byThread.delete(thread);
  }

  /** The sockets here watching `thread`. */
  watchersOf(thread: string) {
    return [...(this.byThread.get(thread) ?? [])];
  }

  /** How many sockets a member has open here (every member's when no id is given). */
  count(userId?: number) {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let total = 0;
    for (const own of this.byUser.values()) total += own.size;
    return total;
  }

  /** One JSON text frame to every socket of the member. */
  deliver(userId: number, message: LiveMessage) {
    const own = this.byUser.get(userId);
    if (own) this.send([...own], message);
  }

  /** One JSON text frame to each of these sockets. */
  send(sockets: Held[], message: LiveMessage) {
    const frame = JSON.stringify(message);
    for (const { socket } of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(frame);
    }
  }

  /** Closes the sockets of these sessions, or every socket of the member, with the code that says "do not reconnect". */
  endSessions(userId: number, sessionIds?: number[]) {
    const own = this.byUser.get(userId);
    if (!own) return;
    const ended = sessionIds && new Set(sessionIds);
    for (const held of [...own]) {
      if (!ended || ended.has(held.sessionId)) held.socket.close(WS_CLOSE.sessionEnded, SESSION_ENDED_REASON);
    }
  }

  /** Every session that has a socket here, once each. */
  sessionIds() {
    const ids = new Set<number>();
    for (const own of this.byUser.values()) for (const held of own) ids.add(held.sessionId);
    return [...ids];
  }

  /** Of the sessions `checked`, closes the sockets of those not in `live`. */
  endDeadSessions(checked: number[], live: Set<number>) {
    const dead = new Set(checked.filter((id) => !live.has(id)));
    if (dead.size === 0) return;
    for (const own of this.byUser.values()) {
      for (const held of [...own]) {
        if (dead.has(held.sessionId)) held.socket.close(WS_CLOSE.sessionEnded, SESSION_ENDED_REASON);
      }
    }
  }

  /** Drops the sockets that did not answer the last ping, and pings the rest. */
  heartbeat() {
    for (const own of this.byUser.values()) {
      for (const held of [...own]) {
        if (!held.alive) {
          held.socket.terminate();
          continue;
        }
        held.alive = false;
        held.socket.ping();
      }
    }
  }

  closeAll(code: number, reason: string) {
    for (const own of this.byUser.values()) for (const held of [...own]) held.socket.close(code, reason);
  }
}
