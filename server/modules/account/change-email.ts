import { and, eq, ne } from 'drizzle-orm';
import type { ChangeEmailBody, EmailCodeBody } from '#contract/account-security';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { emailChanges } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { conflict, fieldError, forbidden } from '../../lib/errors';
import { codeMail } from '../auth/auth-mails';
import { issueCode, killCode, verifyCode } from '../auth/email-codes';
import { accountColumns, toOwnProfile, type AccountRow } from '../users/own-profile';
import { confirmCurrentPassword } from './confirm-password';
import { emailChangedMail } from './security-mails';

const EMAIL_CHANGE = 5;
const TAKEN = 'An account with this e-mail already exists.';

// Codes for an e-mail change are addressed to one member and one new address together (as phone codes are), so
// nobody else's request can replace or lock them, and a code proves this member reads this address.
const codeAddress = (userId: number, email: string) => `email:${userId}:${email}`;

async function assertFree(db: Db, email: string, userId: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw conflict(TAKEN, { email: [TAKEN] });
}

/** Step one: confirm who is asking, check the address is free, and mail a code to it. */
export async function sendEmailChangeCode(deps: Deps, user: AccountRow, body: EmailCodeBody) {
  if (body.email === user.email) throw fieldError('email', 'This is already your e-mail.');
  if (user.hasPassword) await confirmCurrentPassword(deps, user, body.currentPassword);
  await assertFree(deps.db, body.email, user.id);
  const { code } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, codeAddress(user.id, body.email), EMAIL_CHANGE, user.id));
  deps.mailer.send({
    to: body.email,
    subject: `${code} is your Switchback code to confirm this e-mail`,
    text: codeMail(code, `Someone (we hope you, @${user.handleName}) asked to use this address for their Switchback account.`),
  });
}

/**
 * Step two: the right code makes the address the account's, from the next sign-in on; the old address is told, and
 * the change is kept for the member's data export.
 */
export async function confirmEmailChange(deps: Deps, user: AccountRow, body: ChangeEmailBody) {
  const row = await verifyCode(deps.db, deps.clock, { email: codeAddress(user.id, body.email), purpose: EMAIL_CHANGE, code: body.otp });
  if (row.userId !== user.id) throw forbidden();
  const updated = await deps.db.transaction(async (tx) => {
    await killCode(tx, deps.clock, row.id);
    // Again here: someone may have signed up with the address since the code was sent.
    await assertFree(tx, body.email, user.id);
    const now = deps.clock.now();
    const [account] = await tx.update(users).set({ email: body.email, updatedAt: now }).where(eq(users.id, user.id)).returning(accountColumns);
    await tx.insert(emailChanges).values({ userId: user.id, oldEmail: user.email, newEmail: body.email, changedAt: now });
    return account!;
  });
  deps.mailer.send(emailChangedMail(user.email, body.email));
  return toOwnProfile(updated);
}
