import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { users } from '../../db/schema/users';
import { fieldError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { passwordUnderAttackMail } from '../auth/auth-mails';
import { assertPasswordOpen, clearPasswordFailures, recordPasswordFailure } from '../auth/password-limit';
import type { AccountRow } from '../users/own-profile';

/**
 * The member's current password, typed to confirm a change of their keys. Wrong ones count toward the same pause as
 * sign-in's (password-limit.ts), so a device left signed in cannot be used to guess the password either.
 */
export async function confirmCurrentPassword(deps: Deps, user: AccountRow, typed: string | undefined) {
  if (typed === undefined) throw fieldError('currentPassword', 'Enter your current password');
  await assertPasswordOpen(deps.db, deps.clock, user.email);
  // The hash is read here only: the session's account does not carry it (own-profile.ts).
  const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(row?.passwordHash, typed))) {
    if (await recordPasswordFailure(deps.db, deps.clock, user.email)) deps.mailer.send(passwordUnderAttackMail(user.email));
    throw fieldError('currentPassword', 'Your current password is incorrect.');
  }
  await clearPasswordFailures(deps.db, user.email);
}
