import { eq } from 'drizzle-orm';
import type { ChangePasswordBody } from '#contract/account-security';
import type { Deps } from '../../deps';
import { users } from '../../db/schema/users';
import { badRequest, fieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { SessionUser } from '../../plugins/authenticate';
import { revokeOtherSessions } from '../auth/sessions';
import { confirmCurrentPassword } from './confirm-password';
import { passwordChangedMail } from './security-mails';

/**
 * `POST /api/account/password`: the current password, then the new one by spec §5's rule (the contract's). Every
 * other device is signed out, its live socket closed; this one stays signed in. The owner is told by e-mail.
 */
export async function changePassword(deps: Deps, { user, sessionId }: SessionUser, body: ChangePasswordBody) {
  if (!user.hasPassword) {
    throw badRequest('Your account signs in with Google and has no password yet. To set one, use "Forgot password?" on the sign-in page.', {
      currentPassword: ['Your account has no password yet'],
    });
  }
  await confirmCurrentPassword(deps, user, body.currentPassword);
  if (body.password === body.currentPassword) throw fieldError('password', 'Choose a password other than your current one.');
  const passwordHash = await hashPassword(body.password);
  const ended = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, user.id));
    return revokeOtherSessions(tx, deps.clock, user.id, sessionId);
  });
  // After the commit, so no socket is closed for a change that rolled back.
  if (ended.length > 0) await deps.bus.publish({ type: 'sessions-ended', userId: user.id, sessionIds: ended });
  deps.mailer.send(passwordChangedMail(user.email));
  return { signedOut: ended.length };
}
