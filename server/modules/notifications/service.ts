import { and, count, eq, isNull } from 'drizzle-orm';
import type { FollowRequestSummary, NotificationList } from '#contract/notifications';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked } from '../../db/keyset';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { listFollows } from '../social/service';
import { badgeOf } from './badge';
import { actorColumns, toNotification } from './notify';
import { Outbox } from './outbox';

const PER_PAGE = 20;

/** `GET /api/notifications`: the member's notifications, newest first, with the badge. */
export async function listNotifications(db: Db, userId: number, q: PageAsked): Promise<NotificationList> {
  const at = keysetPage(q, { createdAt: notifications.createdAt, id: notifications.id }, PER_PAGE);
  const mine = eq(notifications.userId, userId);
  const [rows, [totalRow], badge] = await Promise.all([
    db
      .select({ row: notifications, actor: actorColumns })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(and(mine, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(notifications).where(mine),
    badgeOf(db, userId),
  ]);
  const page = at.answer(rows, totalRow?.n ?? 0, (r) => ({ createdAt: r.row.createdAt, id: r.row.id }));
  return { ...page, list: page.list.map((r) => toNotification(r.row, r.actor)), ...badge };
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
