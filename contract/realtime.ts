import * as z from 'zod/mini';
import { notification, notificationBadge } from './notifications';
import { relationship } from './social';

/**
 * What the server pushes over the one WebSocket (`/ws`). JSON text frames, one message each. The client never needs
 * to send anything; a message it does not know is ignored (newer servers may add kinds).
 */
export const liveMessage = z.discriminatedUnion('type', [
  /** A notification was just written for this member; the badge as it now stands rides along. */
  z.strictObject({ type: z.literal('notification'), notification, badge: notificationBadge }),
  /** The counts changed without a new notification (read on another device, a request withdrawn, accepted...). */
  z.strictObject({ type: z.literal('badge'), badge: notificationBadge }),
  /** Another member changed where they stand with this member (accepted a request, removed them as a follower...). */
  z.strictObject({ type: z.literal('relationship'), relationship }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/** Close codes the socket uses; the client reconnects after any other close, never after these. */
export const WS_CLOSE = {
  /** No token, or a dead one, at connect. */
  unauthorized: 4401,
  /** The session ended: sign-out, password reset, account deletion. */
  sessionEnded: 4403,
} as const;
