import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FollowRequestSummary, NotificationList } from '#contract/notifications';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { listFollows } from '../social/service';
import { badgeOf } from './badge';
import { actorColumns, toNotification } from './notify';
import { Outbox } from './outbox';

const PER_PAGE = 20;

/** `GET /api/notifications`: the member's notifications, newest first, with the badge. */
export async function listNotifications(db: Db, userId: number, q: { page?: number | undefined }): Promise<NotificationList> {
  const page = q.page ?? 1;
  const mine = eq(notifications.userId, userId);
  // TODO(keyset): page-numbered OFFSET over (created_at, id) descending, like the social lists; a cursor once the
  // contract carries one.
  const [rows, [totalRow], badge] = await Promise.all([
    db
      .select({ row: notifications, actor: actorColumns })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    db.select({ n: count() }).from(notifications).where(mine),
    badgeOf(db, userId),
  ]);
  const total = totalRow?.n ?? 0;
  return {
    list: rows.map((r) => toNotification(r.row, r.actor)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
    per_page: PER_PAGE,
    total,
    ...badge,
  };
}

/**
 * `POST /api/notifications/read`: one of the member's notifications, or all of them, read. Someone else's id is a
 * 404, as if it did not exist. The member's other devices get the new badge.
 */
export async function markRead(deps: Pick<Deps, 'db' | 'bus' | 'mailer' | 'clock'>, userId: number, notificationId: number | undefined) {
  const mine = eq(notifications.userId, userId);
  const unread = and(mine, isNull(notifications.readAt));
  const now = deps.clock.now();
  if (notificationId === undefined) {
    await deps.db.update(notifications).set({ readAt: now }).where(unread);
  } else {
    const [found] = await deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(mine, eq(notifications.id, notificationId)))
      .limit(1);
    if (!found) throw notFound('That notification does not exist.');
    await deps.db.update(notifications).set({ readAt: now }).where(and(unread, eq(notifications.id, notificationId)));
  }
  const outbox = new Outbox();
  outbox.badge(userId);
  await outbox.send(deps);
  return badgeOf(deps.db, userId);
}

const SUMMARY_SIZE = 3;

/**
 * `GET /api/notificationRequestFollowList`: how many follow requests wait and the newest few requesters, as the
 * requests list shows them (same cards, same order).
 */
export async function followRequestSummary(db: Db, userId: number): Promise<FollowRequestSummary> {
  const requests = await listFollows(db, userId, 'requests', {});
  return { newFollowerRequestCount: requests.total, latest: requests.list.slice(0, SUMMARY_SIZE) };
}
