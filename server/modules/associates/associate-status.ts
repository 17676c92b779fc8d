import { eq } from 'drizzle-orm';
import { ASSOCIATE_STATUS, INDEPENDENCE_AGE, type AssociateStatus } from '#contract/associates';
import type { Deps } from '../../deps';
import { endGoingLive } from '../live/live-end';
import { associates } from '../../db/schema/associates';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import { eraseAccount } from '../account/delete-service';
import { revokeAllSessions } from '../auth/sessions';
import { audit } from './associate-grants';
import { loadOwnAssociate } from './associate-views';

/**
 * `POST /api/associate/status`: inactive signs the associate out of every device and closes their live sockets
 * (check 7: within the socket's re-check, 5 s at most) and sign-in then says why; active lets them sign in again.
 */
export async function setAssociateStatus(deps: Deps, ownerId: number, associateId: number, status: AssociateStatus) {
  const before = await loadOwnAssociate(deps.db, deps.clock, ownerId, associateId);
  if (before.status !== status) {
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await tx.update(associates).set({ status, updatedAt: now }).where(eq(associates.userId, associateId));
      await audit(tx, now, associateId, ownerId, status === ASSOCIATE_STATUS.active ? 'activated' : 'deactivated');
      if (status === ASSOCIATE_STATUS.inactive) await revokeAllSessions(tx, deps.clock, associateId);
    });
    // After the commit, so no socket is closed for a change that rolled back.
    if (status === ASSOCIATE_STATUS.inactive) {
      await deps.bus.publish({ type: 'sessions-ended', userId: associateId });
      await endGoingLive(deps, associateId);
    }
  }
  return loadOwnAssociate(deps.db, deps.clock, ownerId, associateId);
}

/**
 * `POST /api/associate/remove`: `delete` erases the associate's account and everything in it; `release` (16 and
 * older only) ends the owner's management, keeping the account as an independent member's, who is told by e-mail.
 */
export async function removeAssociate(deps: Deps, ownerId: number, associateId: number, mode: 'delete' | 'release') {
  const a = await loadOwnAssociate(deps.db, deps.clock, ownerId, associateId);
  if (mode === 'delete') return eraseAccount(deps, { id: associateId, email: a.email });
  if (a.age < INDEPENDENCE_AGE) {
    throw badRequest(`Only an associate of ${INDEPENDENCE_AGE} or older can become independent.`, { mode: [`They are ${a.age}: choose delete, or wait until they are ${INDEPENDENCE_AGE}`] });
  }
  const [owner] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, ownerId));
  await deps.db.delete(associates).where(eq(associates.userId, associateId));
  deps.mailer.send({
    to: a.email,
    subject: 'Your Switchback account is now your own',
    text:
      `Hi ${a.firstName},\n\n${owner!.firstName} ${owner!.lastName} no longer manages your Switchback account: it is yours now, ` +
      'with everything in it. You can change your profile, privacy and settings yourself.' +
      (a.invitationPending ? ' You have not chosen a password yet: on the sign-in page choose "Forgot password?" to set one.' : '') +
      '\n\n- The Switchback team',
  });
}
