import { and, count, eq, gt, min } from 'drizzle-orm';
import { EVENT_INVITES_PER_DAY } from '#contract/events';
import type { Db } from '../../db/client';
import { eventCohostInvites, eventInvites } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { tooManyRequests } from '../../lib/errors';

const DAY_MS = 86_400_000;

/**
 * The daily cap on invitations (anti-spam): at most `EVENT_INVITES_PER_DAY` in any 24 hours per sender, event
 * invitations and co-host invitations together, counted from the rows they made (the `invited_by, created_at`
 * indexes). Refuses the whole batch with a 429 saying how many are left and when more can be sent; call before
 * writing `adding` new invitations, in their transaction.
 */
export async function checkInviteCap(tx: Db, senderId: number, adding: number, now: Date) {
  if (adding === 0) return;
  // One batch per sender at a time: two at once would each count without the other's rows and pass the cap together.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, senderId)).for('no key update');
  const since = new Date(now.getTime() - DAY_MS);
  // In turn, not at once: a transaction's statements share its one connection (server/db/concurrent.ts).
  const sent = await tx
    .select({ n: count(), oldest: min(eventInvites.createdAt) })
    .from(eventInvites)
    .where(and(eq(eventInvites.invitedBy, senderId), gt(eventInvites.createdAt, since)));
  const asked = await tx
    .select({ n: count(), oldest: min(eventCohostInvites.createdAt) })
    .from(eventCohostInvites)
    .where(and(eq(eventCohostInvites.invitedBy, senderId), gt(eventCohostInvites.createdAt, since)));
  const used = (sent[0]?.n ?? 0) + (asked[0]?.n ?? 0);
  if (used + adding <= EVENT_INVITES_PER_DAY) return;
  const left = Math.max(0, EVENT_INVITES_PER_DAY - used);
  const oldest = [sent[0]?.oldest, asked[0]?.oldest].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0];
  const retryAfter = oldest ? (oldest.getTime() + DAY_MS - now.getTime()) / 1000 : DAY_MS / 1000;
  throw tooManyRequests(
    left === 0
      ? `You have sent ${EVENT_INVITES_PER_DAY} invitations in the last 24 hours, the most anyone can send. Try again tomorrow.`
      : `You can send ${left} more ${left === 1 ? 'invitation' : 'invitations'} today (at most ${EVENT_INVITES_PER_DAY} in 24 hours). Pick fewer members.`,
    retryAfter,
  );
}
