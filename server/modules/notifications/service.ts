import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FollowRequestSummary, NotificationList } from '#contract/notifications';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked } from '../../db/keyset';
import { notifications } from '../../db/schema/notifications';
import { guardianFor } from '../../policy/guardian';
import { fieldError, notFound } from '../../lib/errors';
import { canonicalZone } from '../events/time-zone';
import { listFollows } from '../social/service';
import { badgeOf } from './badge';
import { keyedNotifications } from './grouping';
import { notificationViews } from './notification-views';
import { Outbox } from './outbox';

const PER_PAGE = 20;

/**
 * `GET /api/notifications`: the member's rows, newest first, repeats gathered (grouping.ts) in the member's
 * `timeZone`, with the badge. `total` and the cursor count rows, as the list shows them.
 */
export async function listNotifications(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  userId: number,
  q: PageAsked & { timeZone?: string | undefined },
): Promise<NotificationList> {
  const timeZone = q.timeZone === undefined ? 'UTC' : canonicalZone(q.timeZone);
  if (timeZone === null) throw fieldError('timeZone', 'Not a time zone this server knows.');
  const at = keysetPage(q, { createdAt: notifications.createdAt, id: notifications.id }, PER_PAGE);
  const [rows, badge] = await Promise.all([
    notificationViews(deps, { userId, timeZone, page: { after: at.after, limit: at.limit, offset: at.offset } }),
    badgeOf(deps.db, userId),
  ]);
  const page = at.answer(rows.list, rows.total, (n) => ({ createdAt: new Date(n.createdAt), id: n.id }));
  return { ...page, ...badge };
}

/**
 * `POST /api/notifications/read`: one of the member's notifications, or all of them, read. Someone else's id is a
 * 404, as if it did not exist. The member's other devices get the new badge.
 */
export async function markRead(deps: Pick<Deps, 'db' | 'bus' | 'mailer' | 'clock' | 'storage'>, userId: number, notificationId: number | undefined) {
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
    // The row the member opened stands for every unread one gathered with it (its group is the unread ones alike).
    const sameRow = sql`${notifications.id} in (with ${keyedNotifications(userId, 'UTC', guardianFor(deps.db, userId).unhiddenAuthorsWhere(sql`n.actor_id`))}
      select k.id from keyed k where k.group_key = (select g.group_key from keyed g where g.id = ${notificationId}))`;
    await deps.db.update(notifications).set({ readAt: now }).where(and(unread, sameRow));
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
