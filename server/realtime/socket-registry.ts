import type { WebSocket } from 'ws';
import { WS_CLOSE, type LiveMessage } from '#contract/realtime';

type Held = { socket: WebSocket; userId: number; sessionId: number; alive: boolean };

/** A member who cannot keep up with their own notifications (a dead link the OS has not noticed yet) is let go. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const SESSION_ENDED_REASON = 'Session ended';

/** The signed-in sockets this process holds, per member; what the bus's messages act on. */
export class SocketRegistry {
  private readonly byUser = new Map<number, Set<Held>>();

  add(socket: WebSocket, userId: number, sessionId: number) {
    const held: Held = { socket, userId, sessionId, alive: true };
    let own = this.byUser.get(userId);
    if (!own) this.byUser.set(userId, (own = new Set()));
    own.add(held);
    socket.on('pong', () => {
      held.alive = true;
    });
    socket.once('close', () => {
      own.delete(held);
      if (own.size === 0 && this.byUser.get(userId) === own) this.byUser.delete(userId);
    });
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
    if (!own) return;
    const frame = JSON.stringify(message);
    for (const { socket } of own) {
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
