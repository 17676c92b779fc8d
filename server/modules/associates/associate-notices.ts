import { and, eq, isNull } from 'drizzle-orm';
import { INDEPENDENCE_AGE } from '#contract/associates';
import { ageOn } from '#contract/rules';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { associates } from '../../db/schema/associates';
import { users } from '../../db/schema/users';
import { enqueue, type JobPayload } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { associateGrantOf } from '../../policy/associate-policy';
import { writeNotice } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';

/** The job that offers an associate independence on their 16th birthday (a notice to them and to their owner). */
export const INDEPENDENCE_JOB = 'associates.independence';

/** The day `dob` turns `INDEPENDENCE_AGE`, at midnight UTC (29 February births on 1 March). */
function sixteenthBirthday(dob: string) {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + INDEPENDENCE_AGE, m - 1, d));
}

/** Schedules the offer for an associate under 16 (the job checks again when it runs: a later edit of the birth date). */
export async function scheduleIndependenceOffer(tx: Db, clock: Clock, associateId: number, dob: string) {
  if (ageOn(dob, clock.now()) >= INDEPENDENCE_AGE) return;
  await enqueue(tx, clock, INDEPENDENCE_JOB, { associateId }, sixteenthBirthday(dob));
}

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/**
 * At 16 the associate may become independent: both are told once, in the app and by e-mail as their "Associates"
 * setting allows; the owner decides (Remove, then "Let them go"). Already told, released, deleted or younger (the birth
 * date changed): nothing, or a new run on the new birthday.
 */
export async function runIndependenceJob(deps: Deps, payload: JobPayload) {
  const associateId = Number(payload.associateId);
  await withOutbox(deps, async (tx, outbox) => {
    const [row] = await tx
      .select({ ownerId: associates.ownerId, dob: users.dob, firstName: users.firstName, lastName: users.lastName })
      .from(associates)
      .innerJoin(users, eq(users.id, associates.userId))
      .where(and(eq(associates.userId, associateId), isNull(associates.independenceOfferedAt)))
      .for('update');
    if (!row?.dob) return;
    if (ageOn(row.dob, deps.clock.now()) < INDEPENDENCE_AGE) {
      await scheduleIndependenceOffer(tx, deps.clock, associateId, row.dob);
      return;
    }
    const now = deps.clock.now();
    const [owner] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.ownerId));
    await tx.update(associates).set({ independenceOfferedAt: now }).where(eq(associates.userId, associateId));
    await writeNotice(tx, now, outbox, {
      userId: row.ownerId,
      kind: 'associates',
      subjectType: 'associate',
      subjectId: associateId,
      message: `${nameOf(row)} is ${INDEPENDENCE_AGE}: you can let their account go as their own (Associates, Remove).`,
    });
    await writeNotice(tx, now, outbox, {
      userId: associateId,
      kind: 'associates',
      subjectType: 'profile',
      subjectId: row.ownerId,
      message: `You are ${INDEPENDENCE_AGE}: ${nameOf(owner!)} can now let your Switchback account go as your own. Ask them when you want it.`,
    });
  });
}

/**
 * Issue 25: an owner is told when their associate reports someone, or is reported (never by whom: the reporter stays
 * the moderators' to know). Asked after a report is filed.
 */
export async function tellOwnersOfReport(deps: Deps, reporterId: number, reportedId: number) {
  const [reporter, reported] = [await associateGrantOf(deps.db, reporterId), await associateGrantOf(deps.db, reportedId)];
  if (!reporter && !reported) return;
  const names = await deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, reporter ? reporterId : reportedId));
  const [reportedName] = reported ? await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, reportedId)) : [];
  await withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    if (reporter) {
      await writeNotice(tx, now, outbox, {
        userId: reporter.ownerId,
        kind: 'associates',
        subjectType: 'associate',
        subjectId: reporterId,
        message: `${nameOf(names[0]!)} sent a report to the moderators.`,
      });
    }
    if (reported && reportedName) {
      await writeNotice(tx, now, outbox, {
        userId: reported.ownerId,
        kind: 'associates',
        subjectType: 'associate',
        subjectId: reportedId,
        message: `Someone reported ${nameOf(reportedName)} or something they shared; the moderators will review it.`,
      });
    }
  });
}
