import type { Notification } from '#contract/notifications';
import type { LiveMessage } from '#contract/realtime';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import type { Mail } from '../../lib/mailer';
import type { LiveEntry } from '../../realtime/bus';
import { relationship } from '../../policy/social-policy';
import { badgeOf } from './badge';
import { notificationViews } from './notification-views';

/** One live message queued for a member, as what it is built from. */
type Entry = { userId: number; entry: LiveEntry };

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
    this.entries.push({ userId, entry: { type: 'notification', notification } });
  }

  /** `userId`'s counts changed without a new notification. */
  badge(userId: number) {
    this.entries.push({ userId, entry: { type: 'badge' } });
  }

  /** `otherId` changed where they stand with `userId`: `userId` gets the relationship as they see it. */
  relationship(userId: number, otherId: number) {
    this.entries.push({ userId, entry: { type: 'relationship', otherId } });
  }

  mail(mail: Mail) {
    this.mails.push(mail);
  }

  /** Sends everything, in the order it was queued (each member's); call only after the commit. */
  async send(deps: OutboxDeps) {
    for (const mail of this.mails) deps.mailer.send(mail);
    // Where two members stand changed (a block, an unfollow, a removed follower): live watches between them are asked
    // again at once (check 20), once per pair.
    const pairs = new Set<string>();
    for (const { userId, entry } of this.entries) {
      if (entry.type !== 'relationship') continue;
      const [a, b] = [userId, entry.otherId].sort((x, y) => x - y) as [number, number];
      if (pairs.has(`${a}:${b}`)) continue;
      pairs.add(`${a}:${b}`);
      await deps.bus.publish({ type: 'live-recheck', members: [a, b] });
    }
    // A notification message carries the badge already, so a separate badge for the same member would repeat it.
    const notified = new Set(this.entries.filter((e) => e.entry.type === 'notification').map((e) => e.userId));
    const byMember = new Map<number, LiveEntry[]>();
    for (const { userId, entry } of this.entries) {
      const theirs = byMember.get(userId) ?? [];
      if (entry.type === 'badge' && (notified.has(userId) || theirs.some((e) => e.type === 'badge'))) continue;
      byMember.set(userId, [...theirs, entry]);
    }
    // Each message costs statements to build (a notification's view alone is one of ~9 KB), so it is built only where
    // someone will hear it: here when this process holds a socket of the member's; otherwise, when other processes
    // share the bus, by the one holding theirs (a `build` message, socket-routes.ts); otherwise by nobody, since no
    // socket of theirs is open anywhere.
    for (const [userId, entries] of byMember) {
      if (deps.bus.reachesHere(userId)) {
        for (const entry of entries) await deps.bus.publish({ type: 'deliver', userId, message: await liveMessage(deps, userId, entry) });
      } else if (deps.bus.shared) {
        await deps.bus.publish({ type: 'build', userId, entries });
      }
    }
  }
}

/** What sending needs: the live bus, the mailer, and the media storage and clock to sign a row's picture with. */
type OutboxDeps = Pick<Deps, 'db' | 'bus' | 'mailer' | 'storage' | 'clock'>;

/** The live message of `entry` for `userId`, read from the database as it now stands. */
export async function liveMessage({ db, storage, clock }: Pick<Deps, 'db' | 'storage' | 'clock'>, userId: number, entry: LiveEntry): Promise<LiveMessage> {
  switch (entry.type) {
    case 'notification': {
      // As the list would show it alone (what it is about, asked for the member), for the app to gather into its row.
      // An unread row's key does not depend on the zone. Gone already (its post deleted meanwhile): as written.
      const views = await notificationViews({ db, storage, clock }, { userId, timeZone: 'UTC', only: entry.notification.id });
      return { type: 'notification', notification: views.list[0] ?? entry.notification, badge: await badgeOf(db, userId) };
    }
    case 'badge':
      return { type: 'badge', badge: await badgeOf(db, userId) };
    case 'relationship':
      return { type: 'relationship', relationship: await relationship(db, userId, entry.otherId) };
  }
}

/** Runs `work` in one transaction, then sends what it queued. */
export async function withOutbox<T>(deps: OutboxDeps, work: (tx: Db, outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = new Outbox();
  const result = await deps.db.transaction((tx) => work(tx, outbox));
  await outbox.send(deps);
  return result;
}
