import { and, count, eq, isNull } from 'drizzle-orm';
import type { NotificationBadge } from '#contract/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { follows } from '../../db/schema/social';

/** The navigation's counts: unread notifications and follow requests waiting for the member. */
export async function badgeOf(db: Db, userId: number): Promise<NotificationBadge> {
  const [[unread], [requests]] = await Promise.all([
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
    db
      .select({ n: count() })
      .from(follows)
      .where(and(eq(follows.followeeId, userId), eq(follows.status, 'pending'))),
  ]);
  return { unreadCount: unread?.n ?? 0, newFollowerRequestCount: requests?.n ?? 0 };
}
