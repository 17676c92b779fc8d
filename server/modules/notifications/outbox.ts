import type { Notification } from '#contract/notifications';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import type { Mail } from '../../lib/mailer';
import { relationship } from '../../policy/social-policy';
import { badgeOf } from './badge';
import { notificationViews } from './notification-views';

type Entry =
  | { type: 'notification'; userId: number; notification: Notification }
  | { type: 'badge'; userId: number }
  | { type: 'relationship'; userId: number; otherId: number };

/**
 * What to tell members about a change, held until the transaction that made it has committed: a rolled-back change
 * reaches nobody, and counts and relationships are read from committed rows, so a screen that refetches on the
 * message sees what the message says.
 */
export class Outbox {
  private readonly entries: Entry[] = [];
  private readonly mails: Mail[] = [];

  /** A new notification for `userId`; the badge as it then stands rides along. */
  notification(userId: number, notification: Notification) {
    this.entries.push({ type: 'notification', userId, notification });
  }

  /** `userId`'s counts changed without a new notification. */
  badge(userId: number) {
    this.entries.push({ type: 'badge', userId });
  }

  /** `otherId` changed where they stand with `userId`: `userId` gets the relationship as they see it. */
  relationship(userId: number, otherId: number) {
    this.entries.push({ type: 'relationship', userId, otherId });
  }

  mail(mail: Mail) {
    this.mails.push(mail);
  }

  /** Sends everything, in the order it was queued; call only after the commit. */
  async send(deps: OutboxDeps) {
    for (const mail of this.mails) deps.mailer.send(mail);
    // Where two members stand changed (a block, an unfollow, a removed follower): live watches between them are asked
    // again at once (check 20), once per pair.
    const pairs = new Set<string>();
    for (const entry of this.entries) {
      if (entry.type !== 'relationship') continue;
      const [a, b] = [entry.userId, entry.otherId].sort((x, y) => x - y) as [number, number];
      if (pairs.has(`${a}:${b}`)) continue;
      pairs.add(`${a}:${b}`);
      await deps.bus.publish({ type: 'live-recheck', members: [a, b] });
    }
    // A notification message carries the badge already, so a separate badge for the same member would repeat it.
    const notified = new Set(this.entries.filter((e) => e.type === 'notification').map((e) => e.userId));
    const badged = new Set<number>();
    for (const entry of this.entries) {
      if (entry.type === 'badge') {
        if (notified.has(entry.userId) || badged.has(entry.userId)) continue;
        badged.add(entry.userId);
      }
      await deps.bus.publish({ type: 'deliver', userId: entry.userId, message: await liveMessage(deps, entry) });
    }
  }
}

/** What sending needs: the live bus, the mailer, and the media storage and clock to sign a row's picture with. */
type OutboxDeps = Pick<Deps, 'db' | 'bus' | 'mailer' | 'storage' | 'clock'>;

async function liveMessage({ db, storage, clock }: OutboxDeps, entry: Entry) {
  switch (entry.type) {
    case 'notification': {
      // As the list would show it alone (what it is about, asked for the member), for the app to gather into its row.
      // An unread row's key does not depend on the zone. Gone already (its post deleted meanwhile): as written.
      const views = await notificationViews({ db, storage, clock }, { userId: entry.userId, timeZone: 'UTC', only: entry.notification.id });
      return { type: 'notification' as const, notification: views.list[0] ?? entry.notification, badge: await badgeOf(db, entry.userId) };
    }
    case 'badge':
      return { type: 'badge' as const, badge: await badgeOf(db, entry.userId) };
    case 'relationship':
      return { type: 'relationship' as const, relationship: await relationship(db, entry.userId, entry.otherId) };
  }
}

/** Runs `work` in one transaction, then sends what it queued. */
export async function withOutbox<T>(deps: OutboxDeps, work: (tx: Db, outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = new Outbox();
  const result = await deps.db.transaction((tx) => work(tx, outbox));
  await outbox.send(deps);
  return result;
}
