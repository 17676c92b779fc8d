import { EventEmitter } from 'node:events';
import type { LiveMessage, ThreadMessage } from '#contract/realtime';

/**
 * What travels between API processes. Every process hears every message and acts on the sockets it holds, so a
 * notification written by process A reaches a member whose socket is on process B.
 */
export type BusMessage =
  /** Push `message` to every socket of `userId`. */
  | { type: 'deliver'; userId: number; message: LiveMessage }
  /**
   * Push `message` to every socket watching its comment thread that may still see it (thread-watch.ts), except those
   * of `exceptUserId` (the member whose action it tells, when their screen already shows it).
   */
  | { type: 'thread'; message: ThreadMessage; exceptUserId?: number | undefined }
  /** Close the sockets of these sessions (sign-out), or of every session of `userId` (reset, deletion). */
  | { type: 'sessions-ended'; userId: number; sessionIds?: number[] }
  /** Push `message` to the sockets watching live session `liveId` whose member may still watch it (live-watch.ts). */
  | { type: 'live'; liveId: number; message: LiveMessage }
  /**
   * Ask again who may watch: every watcher of session `liveId` (its people changed, it ended), or the watches between
   * two `members` either way (a block, an unfollow, a removed follower). Those who may not are cut at once (check 20).
   */
  | { type: 'live-recheck'; liveId?: number; members?: [number, number] };

export type Bus = {
  /** Resolves once the message is handed on (in-process: delivered to local listeners). Never throws to callers. */
  publish(message: BusMessage): Promise<void>;
  /** Listens to every message from every process (this one included); returns the unsubscribe. */
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
};

/** One process: an event emitter. The default, and what tests use unless they prove the Redis path. */
export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
