import type * as z from 'zod/mini';
import { and, eq, isNull } from 'drizzle-orm';
import type { acceptInvitationBody } from '#contract/associates';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { associates } from '../../db/schema/associates';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { codeMail } from '../auth/auth-mails';
import { refuseBreachedPassword } from '../auth/breached-passwords';
import { issueCode, killCode, verifyCode } from '../auth/email-codes';
import { signInUser } from '../auth/sessions';

const INVITATION = 6;

const SIGN_OFF = '\n\n- The Switchback team';

/** An associate still to set their password (invited, not yet in), by e-mail; undefined for anyone else. */
async function invitedByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, ownerId: associates.ownerId })
    .from(users)
    .innerJoin(associates, eq(associates.userId, users.id))
    .where(and(eq(users.email, email), isNull(users.passwordHash)))
    .limit(1);
  return row;
}

/**
 * Mails an invitation code to an associate who has not set a password yet: 4 digits, under the sign-up code rules
 * (10 minutes, 5 tries, the newest only, resends spaced); the page it names asks for a new one when it has expired.
 */
export async function sendInvitation(deps: Deps, associate: { id: number; email: string; firstName: string }, owner: { firstName: string; lastName: string }) {
  const { code, resendAfter } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, associate.email, INVITATION, associate.id));
  deps.mailer.send({
    to: associate.email,
    subject: `${owner.firstName} ${owner.lastName} set up a Switchback account for you`,
    text:
      codeMail(
        code,
        `Hi ${associate.firstName},\n\n${owner.firstName} ${owner.lastName} made you a Switchback account, which they manage. ` +
          'To choose your password, open Switchback, choose "Sign in", then "I have an invitation code", and enter your e-mail, this code and a password.',
      ).replace(/\n\n- The Switchback team$/, '') + `\n\nCode expired? The same page sends you a new one.${SIGN_OFF}`,
  });
  return { resendAfter };
}

/** `POST /api/associate/invitation/code`: a new code for an invited address; the same answer for any address (check 4). */
export async function resendInvitationCode(deps: Deps, email: string) {
  const invited = await invitedByEmail(deps.db, email);
  if (!invited) {
    // Issued and never mailed, so limits and timing match an invited address's.
    const { resendAfter } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, email, INVITATION));
    return { resendAfter };
  }
  const [owner] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, invited.ownerId));
  return sendInvitation(deps, { id: invited.id, email, firstName: invited.firstName }, owner!);
}

/**
 * `POST /api/associate/accept`: the invitation's code and a password; the associate is signed in on this device (an
 * inactive one is told why instead, by `signInUser`). The code is checked before the password is hashed (check 6).
 */
export async function acceptInvitation(deps: Deps, body: z.infer<typeof acceptInvitationBody>, userAgent?: string) {
  const row = await verifyCode(deps.db, deps.clock, { email: body.email, purpose: INVITATION, code: body.otp });
  const gone = () => badRequest('This invitation is no longer open. Sign in, or ask the member who manages your account.', { otp: ['This invitation is no longer open'] });
  if (!(await invitedByEmail(deps.db, body.email))) throw gone();
  await refuseBreachedPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: deps.clock.now() })
      .where(and(eq(users.email, body.email), isNull(users.passwordHash)))
      .returning();
    if (!user) throw gone();
    await killCode(tx, deps.clock, row.id);
    return signInUser(tx, deps, user, { ...body, userAgent });
  });
}
