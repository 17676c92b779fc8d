import { inArray } from 'drizzle-orm';
import type { Notification, NotificationKind, notificationSubject } from '#contract/notifications';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { guardianFor } from '../../policy/guardian';
import { withOutbox, type Outbox } from './outbox';
import { mailSentenceFor, notificationMail, sentenceFor, type SentenceVariant } from './sentences';
import { channelsFor } from './settings-service';

export type NotifyInput = {
  /** Who is told. */
  userId: number;
  /** Who did the thing. */
  actorId: number;
  kind: NotificationKind;
  subjectType: z.infer<typeof notificationSubject>;
  subjectId: number;
  parentId?: number | null | undefined;
  /** Said another way than the kind's own sentence (a reply, a comment mention: sentences.ts). */
  sentence?: SentenceVariant | undefined;
};

/** The columns of the actor a notification shows (public ones only, check 11). */
export const actorColumns = {
  userId: users.id,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
};
type Actor = { userId: number; handleName: string; firstName: string; lastName: string; profileImage: string | null };
type Row = typeof notifications.$inferSelect;

/**
 * A notification as just written: alone in its row, nothing yet read of what it is about. The live message carries it
 * as the list shows it instead (notification-views.ts: its row's key, the post's photo, the comment's words).
 */
export function toNotification(row: Row, actor: Actor | null): Notification {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    actor,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    parentId: row.parentId,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    groupKey: `n${row.id}`,
    action: null,
    actors: actor ? [actor] : [],
    otherActorCount: 0,
    groupedCount: 1,
    thumbnail: null,
    excerpt: null,
  };
}

/**
 * Writes a notification inside the caller's transaction `tx`, as the recipient's settings allow, and queues its live
 * message and e-mail on `outbox` for after the commit. Nothing for a member's own action. Returns the notification,
 * or null when none was written (own action, in-app off).
 */
export async function writeNotification(tx: Db, now: Date, outbox: Outbox, input: NotifyInput): Promise<Notification | null> {
  if (input.userId === input.actorId) return null;
  const channels = await channelsFor(tx, input.userId, input.kind);
  if (!channels.inApp && !channels.email) return null;
  const people = await tx
    .select({ ...actorColumns, email: users.email })
    .from(users)
    .where(inArray(users.id, [input.userId, input.actorId]));
  const recipient = people.find((p) => p.userId === input.userId);
  const found = people.find((p) => p.userId === input.actorId);
  // Either may have just deleted their account; their rows go with them, so there is nobody to tell or to name.
  if (!recipient || !found) return null;
  const { email: _email, ...actor } = found;
  const message = sentenceFor(input.kind, actor, input.sentence);
  // From a member the recipient muted (or across a block): written quietly, no e-mail and no live message. The list
  // leaves it out while the mute stands (grouping.ts), and shows it again after an unmute.
  const quiet = await guardianFor(tx, input.userId).hides(input.actorId);
  if (channels.email && !quiet) outbox.mail(notificationMail(recipient, mailSentenceFor(input.kind, actor, input.sentence)));
  if (!channels.inApp) return null;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      actorId: input.actorId,
      kind: input.kind,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      parentId: input.parentId ?? null,
      message,
      createdAt: now,
    })
    .returning();
  const notification = toNotification(row!, actor);
  if (!quiet) outbox.notification(input.userId, notification);
  return notification;
}

/** Tells `input.userId` about something `input.actorId` did, in its own transaction (see `writeNotification`). */
export function notify(deps: Pick<Deps, 'db' | 'bus' | 'mailer' | 'clock' | 'storage'>, input: NotifyInput) {
  return withOutbox(deps, (tx, outbox) => writeNotification(tx, deps.clock.now(), outbox, input));
}

export type NoticeInput = {
  userId: number;
  kind: NotificationKind;
  subjectType: z.infer<typeof notificationSubject>;
  subjectId: number;
  /** The whole sentence: a notice from Switchback itself (a moderation outcome) names no member. */
  message: string;
  /** In the app and by e-mail whatever the settings say: a safety alert (issue 26) is not one a member turns off. */
  always?: boolean | undefined;
};

/**
 * Writes a notification that no member sent (issue 20: a report's outcome, a moderator's decision), inside `tx`, as
 * the recipient's settings allow, with its live message and e-mail queued on `outbox`. Moderators stay unnamed.
 */
export async function writeNotice(tx: Db, now: Date, outbox: Outbox, input: NoticeInput): Promise<Notification | null> {
  const channels = input.always ? { inApp: true, email: true } : await channelsFor(tx, input.userId, input.kind);
  if (!channels.inApp && !channels.email) return null;
  const [recipient] = await tx.select({ ...actorColumns, email: users.email }).from(users).where(inArray(users.id, [input.userId]));
  if (!recipient) return null;
  if (channels.email) outbox.mail(notificationMail(recipient, input.message));
  if (!channels.inApp) return null;
  const [row] = await tx
    .insert(notifications)
    .values({ userId: input.userId, actorId: null, kind: input.kind, subjectType: input.subjectType, subjectId: input.subjectId, message: input.message, createdAt: now })
    .returning();
  const notification = toNotification(row!, null);
  outbox.notification(input.userId, notification);
  return notification;
}
