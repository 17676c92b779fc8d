import type * as z from 'zod';
import type { loginBody, registerCompleteBody, resetPasswordBody } from '#contract/auth';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createUser } from '../users/create-user';
import { CODE_RULES, findByTicket, issueCode, issueTicket, killCode, verifyCode } from './email-codes';
import { revokeAllSessions, signInUser } from './sessions';

const codeMail = (code: string, intro: string) =>
  `${intro}\n\nYour Switchback code is: ${code}\n\nIt works once and expires in ${CODE_RULES.lifetimeMs / 60_000} minutes. ` +
  `If you did not ask for it, you can ignore this e-mail.\n\n- The Switchback team`;

async function findUserByEmail(deps: Deps, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function isEmailAvailable(deps: Deps, email: string) {
  return !(await findUserByEmail(deps, email));
}

/** Sign-up step 1: mail a code to an e-mail that has no account yet. */
export async function startSignUp(deps: Deps, email: string) {
  if (await findUserByEmail(deps, email)) {
    throw conflict('An account with this e-mail already exists. Sign in instead.', {
      email: ['An account with this e-mail already exists.'],
    });
  }
  const { code } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, email, 1));
  deps.mailer.send({ to: email, subject: `${code} is your Switchback sign-up code`, text: codeMail(code, 'Welcome to Switchback!') });
}

/** Sign-up step 2: a right code yields the ticket that completes the sign-up. */
export async function verifySignUpCode(deps: Deps, email: string, code: string) {
  const row = await verifyCode(deps.db, deps.clock, { email, purpose: 1, code });
  return issueTicket(deps.db, deps.clock, row.id);
}

/** Sign-up step 3: the ticket, a password and the profile make the account, signed in on this device. */
export async function completeSignUp(deps: Deps, body: z.infer<typeof registerCompleteBody>) {
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const ticket = await findByTicket(tx, deps.clock, 'signUp', body.token);
    if (!ticket) throw badRequest('Your sign-up link has expired. Start again with your e-mail.', { token: ['Expired or unknown'] });
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
    return signInUser(tx, deps, user, body);
  });
}

const BAD_CREDENTIALS = 'The e-mail or password is incorrect.';

/** Same answer, and the same hashing work, whether or not the e-mail has an account (check 4). */
export async function login(deps: Deps, body: z.infer<typeof loginBody>) {
  const user = await findUserByEmail(deps, body.email);
  const valid = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !valid) throw badRequest(BAD_CREDENTIALS);
  return signInUser(deps.db, deps, user, body);
}

/**
 * Always answers with a token. For an unknown e-mail a code is issued too, never mailed, so limits, timing and
 * later answers are the same as for a member (check 4).
 */
export async function forgotPassword(deps: Deps, email: string) {
  const user = await findUserByEmail(deps, email);
  const { code, requestToken } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, email, 2));
  if (user) {
    deps.mailer.send({
      to: email,
      subject: `${code} is your Switchback password reset code`,
      text: codeMail(code, 'Someone (we hope you) asked to reset your Switchback password.'),
    });
  }
  return requestToken!;
}

export async function verifyResetCode(deps: Deps, email: string, code: string, requestToken: string | undefined) {
  await verifyCode(deps.db, deps.clock, { email, purpose: 2, code, requestToken });
}

/** Sets the new password for the request behind `token` once its code is verified; every session ends (check 3). */
export async function resetPassword(deps: Deps, body: z.infer<typeof resetPasswordBody>) {
  const passwordHash = await hashPassword(body.password);
  const userId = await deps.db.transaction(async (tx) => {
    const request = await findByTicket(tx, deps.clock, 'reset', body.token);
    const fresh =
      request?.verifiedAt != null && deps.clock.now().getTime() - request.verifiedAt.getTime() < CODE_RULES.ticketLifetimeMs;
    if (!request || request.email !== body.email || !fresh) {
      throw badRequest('This reset request has expired or was not verified. Ask for a new code.');
    }
    const [user] = await tx.select().from(users).where(eq(users.email, body.email)).limit(1);
    if (!user) throw badRequest('This reset request has expired or was not verified. Ask for a new code.');
    await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, user.id));
    await killCode(tx, deps.clock, request.id);
    await revokeAllSessions(tx, deps.clock, user.id);
    return user.id;
  });
  // After the commit, so no socket is closed for a reset that rolled back.
  await deps.bus.publish({ type: 'sessions-ended', userId });
}
