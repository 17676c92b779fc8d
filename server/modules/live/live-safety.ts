import { eq } from 'drizzle-orm';
import { CHECK_GRACE_MINUTES } from '#contract/live';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { liveSessions } from '../../db/schema/live';
import { enqueue, type JobPayload } from '../../jobs/queue';
import { minutes, type Clock } from '../../lib/clock';
import { loadLive, type LiveRow } from '../../policy/live-access';
import { writeNotice } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';
import { alertContacts } from './live-notices';

/**
 * The safety check of a live session (issue 26): one job a session at a time, due at the next moment something may
 * have to happen — the sharer silent for `silence_minutes`, past their expected return, "Are you OK?" unanswered for
 * `CHECK_GRACE_MINUTES`, or the session's end. It acts, then schedules the next. `next_check_at` names the one job that
 * counts: a job overtaken by a newer schedule (the sharer answered, moved their return) does nothing.
 */
export const LIVE_CHECK_JOB = 'live.check';

/** Schedules the session's check at `at`, inside `tx`. */
export async function scheduleCheck(tx: Db, clock: Clock, liveId: number, at: Date) {
  await tx.update(liveSessions).set({ nextCheckAt: at }).where(eq(liveSessions.id, liveId));
  await enqueue(tx, clock, LIVE_CHECK_JOB, { liveId, at: at.getTime() }, at);
}

/** When the check next has something to decide, from the session as it stands. */
export function nextCheckAt(live: LiveRow): Date {
  const times = [live.expiresAt.getTime()];
  if (live.checkSentAt) {
    const alerted = live.checkReason === 'silence' ? live.alertedAt : live.overdueAlertedAt;
    if (!alerted) times.push(live.checkSentAt.getTime() + minutes(CHECK_GRACE_MINUTES));
  } else {
    if (live.status === 'live') times.push(live.lastSeenAt.getTime() + minutes(live.silenceMinutes));
    if (live.expectedReturnAt && !live.overdueAlertedAt) times.push(live.expectedReturnAt.getTime());
  }
  return new Date(Math.min(...times));
}

/** What is due at `now`: nothing, asking the sharer, or alerting the contacts. */
export function dueAction(live: LiveRow, now: Date): { type: 'none' } | { type: 'expire' } | { type: 'ask'; reason: 'silence' | 'overdue' } | { type: 'alert'; reason: 'silence' | 'overdue' } {
  const t = now.getTime();
  if (live.expiresAt.getTime() <= t) return { type: 'expire' };
  if (live.checkSentAt && live.checkReason) {
    const alerted = live.checkReason === 'silence' ? live.alertedAt : live.overdueAlertedAt;
    if (!alerted && live.checkSentAt.getTime() + minutes(CHECK_GRACE_MINUTES) <= t) return { type: 'alert', reason: live.checkReason };
    return { type: 'none' };
  }
  if (live.status === 'live' && live.lastSeenAt.getTime() + minutes(live.silenceMinutes) <= t) return { type: 'ask', reason: 'silence' };
  if (live.expectedReturnAt && !live.overdueAlertedAt && live.expectedReturnAt.getTime() <= t) return { type: 'ask', reason: 'overdue' };
  return { type: 'none' };
}

const ASK = {
  silence: (m: number) => `We have had no position from you for ${m} minutes. Are you OK? Open your live session and tap "I'm OK", or your safety contacts are told in ${CHECK_GRACE_MINUTES} minutes.`,
  overdue: () => `You are past the return time you set. Are you OK? Open your live session and tap "I'm OK", or your safety contacts are told in ${CHECK_GRACE_MINUTES} minutes.`,
};

/**
 * The check job. The sharer is asked first (in the app, by e-mail and on their open socket), then their contacts are
 * alerted once if nobody answered; an expired session is ended (live-end.ts, passed in to keep the import one way).
 */
export async function runCheckJob(deps: Deps, payload: JobPayload, expire: (live: LiveRow) => Promise<void>) {
  const liveId = Number(payload.liveId);
  const live = await loadLive(deps.db, liveId);
  if (!live || live.status === 'ended' || live.nextCheckAt?.getTime() !== Number(payload.at)) return;
  const action = dueAction(live, deps.clock.now());
  if (action.type === 'expire') return expire(live);
  const asked = await withOutbox(deps, async (tx, outbox) => {
    const row = (await loadLive(tx, liveId, { forUpdate: true }))!;
    if (row.status === 'ended' || row.nextCheckAt?.getTime() !== Number(payload.at)) return false;
    const now = deps.clock.now();
    if (action.type === 'ask') {
      await tx.update(liveSessions).set({ checkSentAt: now, checkReason: action.reason }).where(eq(liveSessions.id, liveId));
      await writeNotice(tx, now, outbox, { userId: row.userId, kind: 'live', subjectType: 'live', subjectId: liveId, message: ASK[action.reason](row.silenceMinutes), always: true });
    } else if (action.type === 'alert') {
      await tx.update(liveSessions).set(action.reason === 'silence' ? { alertedAt: now } : { overdueAlertedAt: now }).where(eq(liveSessions.id, liveId));
      await alertContacts(tx, deps, outbox, row, action.reason);
    }
    const [after] = await tx.select().from(liveSessions).where(eq(liveSessions.id, liveId));
    await scheduleCheck(tx, deps.clock, liveId, new Date(Math.max(nextCheckAt(after!).getTime(), now.getTime() + 1000)));
    return action.type === 'ask';
  });
  if (asked && action.type === 'ask') {
    await deps.bus.publish({ type: 'deliver', userId: live.userId, message: { type: 'live-check', liveId, reason: action.reason } });
  }
}
