import { and, count, eq, isNull } from 'drizzle-orm';
import type { NotificationBadge } from '#contract/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { follows } from '../../db/schema/social';
import { qualified } from '../../db/qualified';
import { guardianFor } from '../../policy/guardian';

/** The navigation's counts: unread notifications and follow requests waiting for the member. */
export async function badgeOf(db: Db, userId: number): Promise<NotificationBadge> {
  const [[unread], [requests]] = await Promise.all([
    db
      .select({ n: count() })
      .from(notifications)
      // Not those of members blocked either way or muted: the list leaves them out too.
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), guardianFor(db, userId).unhiddenAuthorsWhere(qualified(notifications.actorId)))),
    db
      .select({ n: count() })
      .from(follows)
      .where(and(eq(follows.followeeId, userId), eq(follows.status, 'pending'))),
  ]);
  return { unreadCount: unread?.n ?? 0, newFollowerRequestCount: requests?.n ?? 0 };
}
