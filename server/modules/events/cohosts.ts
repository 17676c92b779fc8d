import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { EventList } from '#contract/events';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked } from '../../db/keyset';
import { eventCohostInvites, eventCohosts, events } from '../../db/schema/events';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { writeNotification } from '../notifications/notify';
import { withOutbox, type Outbox } from '../notifications/outbox';
import { loadEventSubject, loadViewableEvent } from '../../policy/event-access';
import { eventColumns, eventView, eventViews } from './event-views';
import { checkInviteCap } from './invite-cap';
import { lockEvent } from './waitlist';
import { guardianFor } from '../../policy/guardian';

/**
 * Co-hosting is an invitation (issue 17): the organiser names members on the event form, each gets a notification
 * and answers it. Until they accept they are no co-host (no rights, not in "mine"), so `event_cohosts` holds only
 * accepted co-hosts and every "is co-host" question keeps its meaning; `event_cohost_invites` holds those waiting.
 * Declining, or the organiser taking the name off, deletes the invitation.
 */

export const NO_COHOST_INVITE = 'You have no co-host invitation for this event.';

type Invite = typeof eventCohostInvites.$inferSelect;

/**
 * The notification an invitation wrote: the same recipient, actor, event and instant (one transaction writes both,
 * with one `now`), which tells it from an invitation to the event itself by the same member.
 */
const noticeOf = (invite: Invite) =>
  and(
    eq(notifications.userId, invite.userId),
    eq(notifications.actorId, invite.invitedBy),
    eq(notifications.kind, 'events'),
    eq(notifications.subjectType, 'event'),
    eq(notifications.subjectId, invite.eventId),
    eq(notifications.createdAt, invite.createdAt),
  );

/** What a save does to the co-hosts: who is taken off (accepted or still invited) and who is newly invited. */
export type CohostPlan = { organiserId: number; dropAccepted: number[]; dropInvited: number[]; invite: number[] };

const nothing = (organiserId: number): CohostPlan => ({ organiserId, dropAccepted: [], dropInvited: [], invite: [] });

/**
 * Checks a save's `CoHost` list against the event's co-hosts and invitations: left out, nothing changes; only the
 * organiser changes them (a co-host's form sends them back as they were); never the organiser; each newly named
 * member one the organiser may invite (`mayInviteWhere`). Problems go to `fail`, under `CoHost`.
 */
export async function planCohosts(
  tx: Db,
  input: { editorId: number; organiserId: number; eventId: number | undefined; wanted: readonly number[] | undefined },
  fail: (message: string) => void,
): Promise<CohostPlan> {
  const { editorId, organiserId, eventId } = input;
  if (input.wanted === undefined) return nothing(organiserId);
  const wanted = [...new Set(input.wanted)];
  if (wanted.includes(organiserId)) {
    fail('The organiser is already in charge: pick other members as co-hosts.');
    return nothing(organiserId);
  }
  // In turn, not at once: a transaction's statements share its one connection (server/db/concurrent.ts).
  const accepted = eventId === undefined ? [] : await tx.select({ userId: eventCohosts.userId }).from(eventCohosts).where(eq(eventCohosts.eventId, eventId));
  const invited = eventId === undefined ? [] : await tx.select({ userId: eventCohostInvites.userId }).from(eventCohostInvites).where(eq(eventCohostInvites.eventId, eventId));
  const acceptedIds = accepted.map((r) => r.userId);
  const invitedIds = invited.map((r) => r.userId);
  const current = new Set([...acceptedIds, ...invitedIds]);
  if (editorId !== organiserId) {
    if (wanted.length !== current.size || wanted.some((id) => !current.has(id))) fail('Only the organiser chooses co-hosts.');
    return nothing(organiserId);
  }
  const plan: CohostPlan = {
    organiserId,
    dropAccepted: acceptedIds.filter((id) => !wanted.includes(id)),
    dropInvited: invitedIds.filter((id) => !wanted.includes(id)),
    invite: wanted.filter((id) => !current.has(id)),
  };
  if (plan.invite.length > 0) {
    const allowed = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, plan.invite), guardianFor(tx, organiserId).invitableWhere()));
    if (allowed.length !== plan.invite.length) {
      fail('You can ask only members who follow you, or whom you follow, to co-host.');
      return nothing(organiserId);
    }
  }
  return plan;
}

/**
 * Carries out a `planCohosts` plan on the saved event: co-hosts taken off, invitations withdrawn (their notification
 * with them: there is nothing left to answer), and new invitations within the sender's daily cap, each one told.
 */
export async function applyCohostPlan(tx: Db, now: Date, outbox: Outbox, eventId: number, plan: CohostPlan) {
  if (plan.dropAccepted.length > 0) {
    await tx.delete(eventCohosts).where(and(eq(eventCohosts.eventId, eventId), inArray(eventCohosts.userId, plan.dropAccepted)));
  }
  if (plan.dropInvited.length > 0) {
    const withdrawn = await tx
      .delete(eventCohostInvites)
      .where(and(eq(eventCohostInvites.eventId, eventId), inArray(eventCohostInvites.userId, plan.dropInvited)))
      .returning();
    for (const invite of withdrawn) {
      await tx.delete(notifications).where(noticeOf(invite));
      outbox.badge(invite.userId);
    }
  }
  if (plan.invite.length === 0) return;
  await checkInviteCap(tx, plan.organiserId, plan.invite.length, now);
  await tx.insert(eventCohostInvites).values(plan.invite.map((userId) => ({ eventId, userId, invitedBy: plan.organiserId, createdAt: now })));
  for (const userId of plan.invite) {
    await writeNotification(tx, now, outbox, { userId, actorId: plan.organiserId, kind: 'events', subjectType: 'event', subjectId: eventId, sentence: 'event_cohost_invite' });
  }
}

/** Takes the viewer's invitation off the event (404 when there is none) and marks its notification read. */
async function answer(tx: Db, now: Date, outbox: Outbox, viewerId: number, eventId: number): Promise<Invite> {
  const [invite] = await tx
    .delete(eventCohostInvites)
    .where(and(eq(eventCohostInvites.eventId, eventId), eq(eventCohostInvites.userId, viewerId)))
    .returning();
  if (!invite) throw notFound(NO_COHOST_INVITE);
  const read = await tx
    .update(notifications)
    .set({ readAt: now })
    .where(and(noticeOf(invite), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (read.length > 0) outbox.badge(viewerId);
  return invite;
}

/**
 * `POST /api/challenge/cohost/accept`: the viewer becomes a co-host (may edit the event, sees it under "mine") and
 * the organiser is told. An event the viewer may not see, or no invitation, is a 404.
 */
export async function acceptCohostInvite(deps: Deps, viewerId: number, eventId: number) {
  await withOutbox(deps, async (tx, outbox) => {
    await loadViewableEvent(tx, viewerId, eventId);
    const event = await lockEvent(tx, eventId);
    const now = deps.clock.now();
    await answer(tx, now, outbox, viewerId, eventId);
    await tx.insert(eventCohosts).values({ eventId, userId: viewerId }).onConflictDoNothing({ target: [eventCohosts.eventId, eventCohosts.userId] });
    await writeNotification(tx, now, outbox, { userId: event.userId, actorId: viewerId, kind: 'events', subjectType: 'event', subjectId: eventId, sentence: 'event_cohost_accepted' });
  });
  return eventView(deps, viewerId, eventId);
}

/**
 * `POST /api/challenge/cohost/decline`: the invitation goes. Answers the event as the viewer now sees it, or null when
 * only the invitation let them see it (a draft, an invite-only event).
 */
export async function declineCohostInvite(deps: Deps, viewerId: number, eventId: number) {
  await withOutbox(deps, async (tx, outbox) => {
    await loadViewableEvent(tx, viewerId, eventId);
    await answer(tx, deps.clock.now(), outbox, viewerId, eventId);
  });
  const subject = await loadEventSubject(deps.db, eventId);
  const visible = subject && (await guardianFor(deps.db, viewerId).canSeeEvent(subject, { id: subject.userId, isPrivate: subject.organiserIsPrivate }));
  return { event: visible ? await eventView(deps, viewerId, eventId) : null };
}

export const COHOST_INVITES_PER_PAGE = 20;

/**
 * `GET /api/challenge/cohost-invites`: the viewer's co-host invitations still to answer, newest first, for events
 * not cancelled and not over (one that is has nothing left to host), each as the event with its `coHostInvite`.
 */
export async function listCohostInvites(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, q: PageAsked): Promise<EventList> {
  const { db } = deps;
  const now = deps.clock.now();
  const where = and(eq(eventCohostInvites.userId, viewerId), isNull(events.cancelledAt), gt(events.endsAt, now));
  const at = keysetPage(q, { createdAt: eventCohostInvites.createdAt, id: eventCohostInvites.eventId }, COHOST_INVITES_PER_PAGE);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ event: eventColumns, invitedAt: eventCohostInvites.createdAt })
      .from(eventCohostInvites)
      .innerJoin(events, eq(events.id, eventCohostInvites.eventId))
      .where(and(where, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: sql<number>`count(*)::integer` }).from(eventCohostInvites).innerJoin(events, eq(events.id, eventCohostInvites.eventId)).where(where),
  ]);
  const page = at.answer(rows, counted?.n ?? 0, (r) => ({ createdAt: r.invitedAt, id: r.event.id }));
  return { ...page, list: await eventViews(deps, viewerId, page.list.map((r) => r.event)) };
}
