import type * as z from 'zod';
import type { loginBody, registerCompleteBody, resetPasswordBody } from '#contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createUser } from '../users/create-user';
import { codeMail, passwordUnderAttackMail, signUpWithTakenAddressMail } from './auth-mails';
import { CODE_RULES, findByTicket, issueCode, issueTicket, killCode, verifyCode } from './email-codes';
import { refuseBreachedPassword } from './breached-passwords';
import { assertPasswordOpen, clearPasswordFailures, recordPasswordFailure } from './password-limit';
import { revokeAllSessions, signInUser } from './sessions';

async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function isEmailAvailable(deps: Deps, email: string) {
  return !(await findUserByEmail(deps.db, email));
}

/**
 * Sign-up step 1: mail a code to the e-mail. For an address that already has an account the answer, the limits and
 * the work are the same (a code is issued, never mailed), and its owner is told instead (check 4 at sign-up).
 */
export async function startSignUp(deps: Deps, email: string) {
  const member = await findUserByEmail(deps.db, email);
  const { code, resendAfter } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, email, 1));
  if (member) deps.mailer.send(signUpWithTakenAddressMail(email));
  else deps.mailer.send({ to: email, subject: `${code} is your Switchback sign-up code`, text: codeMail(code, 'Welcome to Switchback!') });
  return { resendAfter };
}

/** Sign-up step 2: a right code yields the ticket that completes the sign-up. */
export async function verifySignUpCode(deps: Deps, email: string, code: string) {
  const row = await verifyCode(deps.db, deps.clock, { email, purpose: 1, code });
  return issueTicket(deps.db, deps.clock, row.id);
}

/** Sign-up step 3: the ticket, a password and the profile make the account, signed in on this device. */
export async function completeSignUp(deps: Deps, body: z.infer<typeof registerCompleteBody>, userAgent?: string) {
  const expired = () => badRequest('Your sign-up link has expired. Start again with your e-mail.', { token: ['Expired or unknown'] });
  // The ticket is checked before the password is hashed, so a bogus ticket costs no hashing (check 6), and again
  // under lock below, since another request may spend it meanwhile.
  if (!(await findByTicket(deps.db, deps.clock, 'signUp', body.token, { lock: false }))) throw expired();
  await refuseBreachedPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const ticket = await findByTicket(tx, deps.clock, 'signUp', body.token);
    if (!ticket) throw expired();
    const user = await createUser(tx, {
      email: ticket.email,
      passwordHash,
      handleName: body.handleName,
      firstName: body.firstName,
      lastName: body.lastName,
      dob: body.dob,
      gender: body.gender,
      userType: body.userType,
      referralCode: body.referralCode,
    });
    await killCode(tx, deps.clock, ticket.id);
    return signInUser(tx, deps, user, { ...body, userAgent });
  });
}

const BAD_CREDENTIALS = 'The e-mail or password is incorrect.';

/**
 * Same answer, and the same hashing work, whether or not the e-mail has an account (check 4). Wrong passwords are
 * counted per account: once paused, the account answers 429 before any hashing, even to the right password.
 */
export async function login(deps: Deps, body: z.infer<typeof loginBody>, userAgent?: string) {
  const user = await findUserByEmail(deps.db, body.email);
  await assertPasswordOpen(deps.db, deps.clock, body.email);
  const valid = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !valid) {
    const pausedNow = await recordPasswordFailure(deps.db, deps.clock, body.email);
    if (pausedNow && user?.passwordHash) deps.mailer.send(passwordUnderAttackMail(user.email));
    throw badRequest(BAD_CREDENTIALS);
  }
  await clearPasswordFailures(deps.db, user.email);
  return signInUser(deps.db, deps, user, { ...body, userAgent });
}

/**
 * Always answers with a token. For an unknown e-mail a code is issued too, never mailed, so limits, timing and
 * later answers are the same as for a member (check 4).
 */
export async function forgotPassword(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  const { code, requestToken, resendAfter } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, email, 2));
  if (user) {
    deps.mailer.send({
      to: email,
      subject: `${code} is your Switchback password reset code`,
      text: codeMail(code, 'Someone (we hope you) asked to reset your Switchback password.'),
    });
  }
  return { token: requestToken!, resendAfter };
}

export async function verifyResetCode(deps: Deps, email: string, code: string, requestToken: string) {
  await verifyCode(deps.db, deps.clock, { email, purpose: 2, code, requestToken });
}

const RESET_EXPIRED = 'This reset request has expired or was not verified. Ask for a new code.';

/** The verified, fresh reset request behind `token` for `email`, and its member; a 400 otherwise. */
async function verifiedResetRequest(tx: Db, deps: Deps, body: { email: string; token: string }, opts: { lock: boolean }) {
  const request = await findByTicket(tx, deps.clock, 'reset', body.token, opts);
  const fresh =
    request?.verifiedAt != null && deps.clock.now().getTime() - request.verifiedAt.getTime() < CODE_RULES.ticketLifetimeMs;
  if (!request || request.email !== body.email || !fresh) throw badRequest(RESET_EXPIRED);
  const user = await findUserByEmail(tx, body.email);
  if (!user) throw badRequest(RESET_EXPIRED);
  return { request, user };
}

/**
 * Sets the new password for the request behind `token` once its code is verified; every session ends (check 3) and
 * the count of wrong passwords starts again, since a mailed code proved the owner.
 */
export async function resetPassword(deps: Deps, body: z.infer<typeof resetPasswordBody>) {
  // Checked before hashing, so a bogus token costs no hashing (check 6); again under lock, as in completeSignUp.
  await verifiedResetRequest(deps.db, deps, body, { lock: false });
  await refuseBreachedPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const userId = await deps.db.transaction(async (tx) => {
    const { request, user } = await verifiedResetRequest(tx, deps, body, { lock: true });
    await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, user.id));
    await killCode(tx, deps.clock, request.id);
    await revokeAllSessions(tx, deps.clock, user.id);
    await clearPasswordFailures(tx, user.email);
    return user.id;
  });
  // After the commit, so no socket is closed for a reset that rolled back.
  await deps.bus.publish({ type: 'sessions-ended', userId });
}
