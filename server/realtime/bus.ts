import { EventEmitter } from 'node:events';
import type { Notification } from '#contract/notifications';
import type { LiveMessage, ThreadMessage } from '#contract/realtime';

/**
 * What a member's live message about a change is built from (server/modules/notifications/outbox.ts): a new
 * notification (as written), the badge, or where `otherId` now stands with them.
 */
export type LiveEntry = { type: 'notification'; notification: Notification } | { type: 'badge' } | { type: 'relationship'; otherId: number };

/**
 * What travels between API processes. Every process hears every message and acts on the sockets it holds, so a
 * notification written by process A reaches a member whose socket is on process B.
 */
export type BusMessage =
  /** Push `message` to every socket of `userId`. */
  | { type: 'deliver'; userId: number; message: LiveMessage }
  /**
   * Build the messages of `entries` for `userId` and push them to their sockets, in order: what the outbox sends instead
   * of `deliver` when its process holds no socket of theirs, so that only a process holding one reads the database
   * for them (socket-routes.ts), and none when nobody is connected.
   */
  | { type: 'build'; userId: number; entries: LiveEntry[] }
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

/** Which members a listener pushes messages to (a process's sockets: the members holding one there). */
export type Reach = (userId: number) => boolean;

export type Bus = {
  /** Resolves once the message is handed on (in-process: delivered to local listeners). Never throws to callers. */
  publish(message: BusMessage): Promise<void>;
  /**
   * Listens to every message from every process (this one included); returns the unsubscribe. `reach`: the members
   * the listener pushes messages to; a listener that does not say is taken to hear every member's (a test's, say).
   */
  subscribe(listener: (message: BusMessage) => void, reach?: Reach): () => void;
  /** Whether a listener in this process pushes messages to `userId`: whether a message built here for them is heard. */
  reachesHere(userId: number): boolean;
  /** Whether other processes hear what this one publishes (Redis): a member with no socket here may have one there. */
  readonly shared: boolean;
  close(): Promise<void>;
};

/** The reach of a process's listeners, for `reachesHere`. */
export function listenerReach() {
  const reaches = new Set<{ reach: Reach | undefined }>();
  return {
    /** Adds one listener's reach; returns its removal. */
    add(reach: Reach | undefined) {
      const entry = { reach };
      reaches.add(entry);
      return () => reaches.delete(entry);
    },
    reaches: (userId: number) => [...reaches].some(({ reach }) => reach === undefined || reach(userId)),
    clear: () => reaches.clear(),
  };
}

/** One process: an event emitter. The default, and what tests use unless they prove the Redis path. */
export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const reach = listenerReach();
  return {
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(listener, members) {
      emitter.on('message', listener);
      const forget = reach.add(members);
      return () => {
        emitter.off('message', listener);
        forget();
      };
    },
    reachesHere: reach.reaches,
    shared: false,
    async close() {
      emitter.removeAllListeners();
      reach.clear();
    },
  };
}
