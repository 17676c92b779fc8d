import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { liveLinks } from '../../db/schema/live';
import { users } from '../../db/schema/users';
import type { JobPayload } from '../../jobs/queue';
import { loadLive, type LiveRow } from '../../policy/live-access';
import { liveAudienceOf, stillWatchable } from '../../policy/live-policy';
import { writeNotice, writeNotification } from '../notifications/notify';
import { withOutbox, type Outbox } from '../notifications/outbox';
import { alertMail, alertSentence } from './live-mails';
import { forViewers } from './viewer-position';

/** The job that tells those who may watch that a session started. */
export const LIVE_NOTICES_JOB = 'live.started';

/**
 * "Maya is sharing their live location" to each member who may watch (asked of the policy, so a block or a young
 * sharer's rule holds), "…named you a safety contact…" to contacts and managers; as their notification settings allow.
 */
export async function runStartedNotices(deps: Deps, payload: JobPayload) {
  const live = await loadLive(deps.db, Number(payload.liveId));
  if (!live || live.status === 'ended') return;
  const { contacts, watchers } = await liveAudienceOf(deps.db, live);
  const now = deps.clock.now();
  // Asked of the policy for all of them in one statement (a member with many followers is one query, not thousands).
  const allowed = await stillWatchable(deps.db, [...contacts, ...watchers].map((viewerId) => ({ viewerId, liveId: live.id })), now);
  for (const [userId, sentence] of [...contacts.map((id) => [id, 'live_contact'] as const), ...watchers.map((id) => [id, undefined] as const)]) {
    if (!allowed.has(`${userId}:${live.id}`)) continue;
    await withOutbox(deps, (tx, outbox) =>
      writeNotification(tx, now, outbox, { userId, actorId: live.userId, kind: 'live', subjectType: 'live', subjectId: live.id, sentence }),
    );
  }
}

/** The newest position others may see, for an alert (never one inside a zone, check 19). */
function lastShown(live: LiveRow) {
  if (live.visibleLng === null || live.visibleLat === null || live.visibleT === null) return null;
  const [lng, lat] = forViewers(live.visibleLng, live.visibleLat);
  return { lng, lat, at: new Date(live.visibleT) };
}

/**
 * Tells every safety contact that the sharer went silent or is overdue: members (and the managers of an associate) in
 * the app and by e-mail whatever their settings (a safety alert is not a notification one turns off), e-mail contacts
 * by e-mail. Inside the caller's transaction; the caller marks the alert sent, so it goes once.
 */
export async function alertContacts(tx: Db, deps: Deps, outbox: Outbox, live: LiveRow, reason: 'silence' | 'overdue') {
  const now = deps.clock.now();
  const { contacts } = await liveAudienceOf(tx, live);
  const [sharer] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, live.userId));
  const name = sharer ? `${sharer.firstName} ${sharer.lastName}`.trim() : 'A member';
  const last = lastShown(live);
  const message = `Safety alert: ${alertSentence(name, reason, last)}`;
  // A contact who has since been blocked (either way) is not told where the sharer is: the policy asks, as for watching.
  const allowed = await stillWatchable(tx, contacts.map((viewerId) => ({ viewerId, liveId: live.id })), now);
  for (const userId of contacts) {
    if (!allowed.has(`${userId}:${live.id}`)) continue;
    await writeNotice(tx, now, outbox, { userId, kind: 'live', subjectType: 'live', subjectId: live.id, message, always: true });
  }
  const links = await tx.select({ email: liveLinks.email }).from(liveLinks).where(and(eq(liveLinks.liveId, live.id), isNull(liveLinks.revokedAt)));
  for (const link of links) outbox.mail(await alertMail(tx, live, link.email, reason, last, null));
  return contacts.length + links.length;
}
