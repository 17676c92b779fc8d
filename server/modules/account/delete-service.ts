import { and, eq, isNotNull } from 'drizzle-orm';
import type { DeleteAccountBody } from '#contract/account';
import type { Deps } from '../../deps';
import { endGoingLive } from '../live/live-end';
import { dataExports } from '../../db/schema/account';
import { activities, activityImports } from '../../db/schema/activities';
import { emailCodes, signInFailures } from '../../db/schema/auth';
import { uploads } from '../../db/schema/media';
import { users } from '../../db/schema/users';
import { enqueue, type JobPayload } from '../../jobs/queue';
import { minutes } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { CODE_RULES, issueCode, verifyCode } from '../auth/email-codes';
import { uploadPrefix } from '../media/upload-files';
import type { AccountRow } from '../users/own-profile';
import { withOutbox } from '../notifications/outbox';
import { forgetMemberActivity } from './member-activity';

export const REMOVE_FILES_JOB = 'account.remove-files';
const LATE_SWEEP_MS = minutes(15);

/** Account deletion's own code purpose (server/modules/auth/email-codes.ts). */
const DELETE_CODE_PURPOSE = 4;

const WRONG_PASSWORD = 'The password is incorrect.';

/**
 * `POST /api/account/delete-code`: members without a password (social sign-in only) confirm a deletion with a code
 * mailed to them, under the same rules as every other code (4 digits, 10 minutes, 5 tries, 20 failures a day, 5 sends
 * an hour, the newest one only).
 */
export async function sendDeleteCode(deps: Deps, user: AccountRow) {
  if (user.hasPassword) {
    throw badRequest('Confirm with your password to delete your account.', { password: ['Enter your password'] });
  }
  const { code } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, user.email, DELETE_CODE_PURPOSE, user.id));
  deps.mailer.send({
    to: user.email,
    subject: `${code} is your Switchback account deletion code`,
    text:
      `Someone (we hope you) asked to delete your Switchback account.\n\nYour Switchback code is: ${code}\n\n` +
      `It works once and expires in ${CODE_RULES.lifetimeMs / 60_000} minutes. Entering it deletes your account, ` +
      `your photos and everything else you stored, for good. If you did not ask for it, ignore this e-mail and ` +
      `consider changing your Google password.\n\n- The Switchback team`,
  });
}

async function confirm(deps: Deps, user: AccountRow, body: DeleteAccountBody) {
  if (user.hasPassword) {
    if (body.otp !== undefined) throw badRequest('Confirm with your password.', { otp: ['Use your password instead'] });
    if (body.password === undefined) throw badRequest('Enter your password to delete your account.', { password: ['Enter your password'] });
    // The hash is read here only: the session's account does not carry it (own-profile.ts).
    const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!(await verifyPassword(row?.passwordHash, body.password))) {
      throw badRequest('Your account was not deleted: the password is incorrect.', { password: [WRONG_PASSWORD] });
    }
    return;
  }
  if (body.password !== undefined) {
    throw badRequest('Your account has no password: confirm with the code we e-mail you.', { password: ['Your account has no password'] });
  }
  if (body.otp === undefined) throw badRequest('Enter the code we e-mailed you.', { otp: ['Enter the code we e-mailed you'] });
  await verifyCode(deps.db, deps.clock, { email: user.email, purpose: DELETE_CODE_PURPOSE, code: body.otp });
}

/**
 * `POST /api/account/delete`: after the password (or, for social-only members, the mailed code) checks out, the
 * account goes in one transaction: the user row, and with it by cascade their sessions (every token is 401 from then
 * on, check 7), social identities, codes, uploads rows and exports. Codes are also removed by e-mail, so the address
 * starts clean if it signs up again. The files (every upload's folder, every export zip) are removed right after the
 * commit by a job enqueued in that same transaction, so a crash or a storage outage cannot leave them behind: the job
 * is retried until they are gone.
 *
 * Before the user row goes, what the member left in other members' things is undone in step with the counts kept
 * there (`forgetMemberActivity`): places and interest in events (whoever moves up the waitlist is told once the
 * transaction commits), reactions, comments and comment likes on posts and events, and the notifications about the
 * member's own posts and events.
 *
 * For the areas still to come: other members' rows that point at this member (follows, tags, mentions, comments,
 * likes, event attendance, associates...) must either cascade with the user row or tolerate a missing user and show
 * "deleted member" there. Nothing here looks them up, so a new table referencing users must decide which when it
 * is added (an `ON DELETE` in its migration, or a null-safe join in its reads), and a count kept over it must be
 * lowered in `forgetMemberActivity`; add its files to the removal below if they are not uploads.
 */
export async function deleteAccount(deps: Deps, user: AccountRow, body: DeleteAccountBody) {
  await confirm(deps, user, body);
  await eraseAccount(deps, user);
}

/**
 * Erases a confirmed account: the member's own deletion, or an owner deleting an associate's (issue 25), whose
 * confirmation is the owner's own session.
 */
export async function eraseAccount(deps: Deps, user: { id: number; email: string }) {
  // Its watchers are let go now, not left looking at a map that stopped (the session goes with the account).
  await endGoingLive(deps, user.id, { keep: false });
  const jobId = await withOutbox(deps, async (tx, outbox) => {
    const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (!locked) return undefined;
    await forgetMemberActivity(tx, deps.clock.now(), outbox, user.id);
    const ownUploads = await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, user.id));
    // Activity files are not uploads: the originals kept for the member, and imports still waiting to be read.
    const activityFiles = await tx.select({ key: activities.originalKey }).from(activities).where(and(eq(activities.userId, user.id), isNotNull(activities.originalKey)));
    const waitingImports = await tx.select({ key: activityImports.fileKey }).from(activityImports).where(and(eq(activityImports.userId, user.id), isNotNull(activityImports.fileKey)));
    // Locked, and without filtering on file_key in SQL: an export job marking one ready right now is waited for, and
    // its file is seen. One that comes later finds its row gone and removes its own file (export-service.ts).
    const ownExports = await tx.select({ fileKey: dataExports.fileKey }).from(dataExports).where(eq(dataExports.userId, user.id)).for('update');
    await tx.delete(emailCodes).where(eq(emailCodes.email, user.email));
    await tx.delete(signInFailures).where(eq(signInFailures.email, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
    const payload = {
      prefixes: ownUploads.map((u) => uploadPrefix(u.key)),
      keys: [...ownExports.map((e) => e.fileKey), ...activityFiles.map((a) => a.key), ...waitingImports.map((i) => i.key)].filter((k): k is string => k !== null),
    };
    // Once more a little later, for an upload whose files were still being written as the account went.
    await enqueue(tx, deps.clock, REMOVE_FILES_JOB, payload, new Date(deps.clock.now().getTime() + LATE_SWEEP_MS));
    return enqueue(tx, deps.clock, REMOVE_FILES_JOB, payload);
  });
  if (jobId === undefined) return;
  // Every live socket of the account closes, on whichever process holds it (check 7); the sessions went with the row.
  await deps.bus.publish({ type: 'sessions-ended', userId: user.id });
  // At once, so the files are gone when the member reads "deleted"; a failure is retried by the runner.
  await deps.jobs.runNow(jobId);
}

/** The job that removes a deleted member's files; removing what is already gone is not an error, so it may rerun. */
export async function runRemoveFilesJob(deps: Pick<Deps, 'storage'>, payload: JobPayload) {
  const keys = Array.isArray(payload.keys) ? payload.keys.filter((k): k is string => typeof k === 'string') : [];
  const prefixes = Array.isArray(payload.prefixes) ? payload.prefixes.filter((p): p is string => typeof p === 'string') : [];
  if (keys.length > 0) await deps.storage.remove(keys);
  for (const prefix of prefixes) await deps.storage.removePrefix(prefix);
}
