import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { eventCohosts, eventInvites } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { conflict, fieldError, forbidden } from '../../lib/errors';
import { mayEditEvent } from '../../policy/event-policy';
import { writeNotification } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';
import { loadEventWithRole } from '../../policy/event-access';
import { checkInviteCap } from './invite-cap';
import { closedReason, lockEvent } from './waitlist';
import { guardianFor } from '../../policy/guardian';

/**
 * `POST /api/challenge/member/invite`: the organiser or a co-host invites members they may invite
 * (`mayInviteWhere`: their followers and the members they follow) to a published event that is still ahead,
 * within their daily cap (invite-cap.ts). An invitation lets the member see the event whoever may otherwise (an
 * invite-only event, a private organiser's). Each newly invited member is told; the organiser, co-hosts and members
 * invited already are left as they are. Answers who was newly invited.
 */
export async function inviteMembers(deps: Deps, inviterId: number, eventId: number, userIds: readonly number[]): Promise<{ invited: number[] }> {
  return withOutbox(deps, async (tx, outbox) => {
    const { role, userId: organiserId } = await loadEventWithRole(tx, inviterId, eventId);
    if (!mayEditEvent(role)) throw forbidden('Only the organiser and co-hosts can invite people to this event.');
    const event = await lockEvent(tx, eventId);
    const now = deps.clock.now();
    const closed = closedReason(event, now);
    if (closed) throw conflict(event.isDraft ? 'Publish the event before inviting people.' : closed);

    const hosts = await tx.select({ userId: eventCohosts.userId }).from(eventCohosts).where(eq(eventCohosts.eventId, eventId));
    const hostIds = new Set([organiserId, ...hosts.map((h) => h.userId)]);
    const guests = [...new Set(userIds)].filter((id) => !hostIds.has(id));
    if (guests.length === 0) return { invited: [] };
    const allowed = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, guests), guardianFor(tx, inviterId).invitableWhere()));
    if (allowed.length !== guests.length) {
      throw fieldError('userIds', 'You can invite only members who follow you or whom you follow.');
    }
    const already = await tx
      .select({ userId: eventInvites.userId })
      .from(eventInvites)
      .where(and(eq(eventInvites.eventId, eventId), inArray(eventInvites.userId, guests)));
    await checkInviteCap(tx, inviterId, guests.length - already.length, now);
    const added = await tx
      .insert(eventInvites)
      .values(guests.map((userId) => ({ eventId, userId, invitedBy: inviterId, createdAt: now })))
      .onConflictDoNothing({ target: [eventInvites.eventId, eventInvites.userId] })
      .returning({ userId: eventInvites.userId });
    const invited = guests.filter((id) => added.some((a) => a.userId === id));
    for (const userId of invited) {
      await writeNotification(tx, now, outbox, { userId, actorId: inviterId, kind: 'events', subjectType: 'event', subjectId: eventId, sentence: 'event_invite' });
    }
    return { invited };
  });
}
