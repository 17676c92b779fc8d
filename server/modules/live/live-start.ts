import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { DEFAULT_SILENCE_MINUTES, LIVE_ALREADY, LIVE_ENDED_MESSAGE, LIVE_MAX_HOURS, MAX_SAFETY_CONTACTS, type LiveLinkMade, type LiveStartBody, type OwnLiveSession } from '#contract/live';
import { SPORTS } from '#contract/sports';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/events';
import { liveLinks, liveSessions, liveWatchers } from '../../db/schema/live';
import { users } from '../../db/schema/users';
import { enqueue } from '../../jobs/queue';
import { hours } from '../../lib/clock';
import { conflict, FieldErrors, fieldError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { guardianFor } from '../../policy/guardian';
import { loadOwnLive } from '../../policy/live-access';
import { isYoungAssociate, shareableEventsWhere } from '../../policy/live-policy';
import { checkedZone } from '../activities/activity-owner';
import { LIVE_NOTICES_JOB } from './live-notices';
import { linkMail } from './live-mails';
import { scheduleCheck } from './live-safety';
import { ownSessionOf } from './live-views';

const YOUNG_ONLY = 'Under 16, only the members who manage your account watch you live.';

/** A unique (one session going on per member) violation: a second start racing the first. */
const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  return (error as { code?: unknown })?.code === '23505' || cause?.code === '23505';
};

/**
 * The members a sharer names, checked: real members, not the sharer, no block either way (check 13). A member named
 * both to watch and as a contact is a contact (who watches too).
 */
async function checkedPeople(tx: Db, userId: number, watcherIds: readonly number[], contactIds: readonly number[]) {
  const guardian = guardianFor(tx, userId);
  const asked = [...new Set([...watcherIds, ...contactIds])];
  const errors = new FieldErrors();
  if (asked.includes(userId)) errors.add(contactIds.includes(userId) ? 'contactIds' : 'watcherIds', 'You cannot name yourself.');
  const others = asked.filter((id) => id !== userId);
  const found = others.length === 0 ? [] : await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, others), guardian.unblockedWhere(users.id)));
  const real = new Set(found.map((f) => f.id));
  for (const id of others) {
    if (!real.has(id)) errors.add(contactIds.includes(id) ? 'contactIds' : 'watcherIds', 'That member does not exist.');
  }
  errors.throwIfAny();
  const contacts = new Set(contactIds);
  return others.map((id) => ({ userId: id, isContact: contacts.has(id) }));
}

/** An event the sharer may share with (`shareableEventsWhere`), else the field's error. */
async function checkedEvent(tx: Db, userId: number, eventId: number, now: Date) {
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), shareableEventsWhere(userId, now)))
    .limit(1);
  if (!event) throw fieldError('eventId', 'Share with an event you are going to that is on now.');
}

function checkedReturn(at: string | null | undefined, now: Date, expiresAt: Date) {
  if (!at) return null;
  const when = new Date(at);
  if (when <= now) throw fieldError('expectedReturnAt', 'Your expected return is in the past: pick a later time.');
  if (when > expiresAt) throw fieldError('expectedReturnAt', `A live session lasts at most ${LIVE_MAX_HOURS} hours: pick an earlier return.`);
  return when;
}

/**
 * `POST /api/live`: starts sharing. One session at a time; it ends by itself after `LIVE_MAX_HOURS`. The people named
 * are stored, e-mail contacts get a share link by mail, the safety check is scheduled and, after the commit, those who
 * may watch are told (a job: a member with many followers does not hold the request).
 */
export async function startLive(deps: Deps, userId: number, body: LiveStartBody, origin: string): Promise<OwnLiveSession> {
  const now = deps.clock.now();
  if (!SPORTS.some((s) => s.id === body.sportId)) throw fieldError('sportId', 'Choose a sport from the list.');
  const expiresAt = new Date(now.getTime() + hours(LIVE_MAX_HOURS));
  const expectedReturnAt = checkedReturn(body.expectedReturnAt, now, expiresAt);
  const emails = [...new Set(body.contactEmails ?? [])];
  if ((body.contactIds?.length ?? 0) + emails.length > MAX_SAFETY_CONTACTS) throw fieldError('contactEmails', `At most ${MAX_SAFETY_CONTACTS} safety contacts.`);
  const timeZone = checkedZone(body.timeZone);
  const young = await isYoungAssociate(deps.db, userId, now);
  if (young && ((body.watcherIds?.length ?? 0) > 0 || (body.contactIds?.length ?? 0) > 0 || emails.length > 0 || body.eventId)) throw fieldError('audience', YOUNG_ONLY);
  const made: { email: string; token: string }[] = [];
  const id = await deps.db
    .transaction(async (tx) => {
      const [going] = await tx.select({ id: liveSessions.id }).from(liveSessions).where(and(eq(liveSessions.userId, userId), ne(liveSessions.status, 'ended'))).limit(1);
      if (going) throw conflict(LIVE_ALREADY);
      const people = await checkedPeople(tx, userId, body.watcherIds ?? [], body.contactIds ?? []);
      if (body.eventId) await checkedEvent(tx, userId, body.eventId, now);
      const [row] = await tx
        .insert(liveSessions)
        .values({
          userId,
          sportId: body.sportId,
          audience: young ? 'contacts' : body.audience,
          eventId: body.eventId ?? null,
          timeZone,
          startedAt: now,
          expiresAt,
          expectedReturnAt,
          silenceMinutes: body.silenceMinutes ?? DEFAULT_SILENCE_MINUTES,
          lastSeenAt: now,
        })
        .returning({ id: liveSessions.id });
      const liveId = row!.id;
      if (people.length > 0) await tx.insert(liveWatchers).values(people.map((p) => ({ liveId, ...p })));
      for (const email of emails) made.push({ email, token: await insertLink(tx, liveId, email, expiresAt, now) });
      await scheduleCheck(tx, deps.clock, liveId, now);
      await enqueue(tx, deps.clock, LIVE_NOTICES_JOB, { liveId });
      return liveId;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(LIVE_ALREADY);
      throw error;
    });
  deps.jobs.wake();
  const row = await loadOwnLive(deps.db, userId, id);
  for (const link of made) deps.mailer.send(await linkMail(deps.db, row, link.email, linkUrl(origin, link.token)));
  return ownSessionOf(deps, row);
}

/** The address a share link opens. */
export const linkUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/live/${token}`;

async function insertLink(tx: Db, liveId: number, email: string, expiresAt: Date, now: Date) {
  const token = randomToken();
  await tx
    .insert(liveLinks)
    .values({ liveId, email, tokenHash: sha256(token), expiresAt, createdAt: now })
    // The same address again: a new token, the old link dead.
    .onConflictDoUpdate({ target: [liveLinks.liveId, liveLinks.email], set: { tokenHash: sha256(token), expiresAt, revokedAt: null, createdAt: now } });
  return token;
}

/** A session the sharer may still change: their own, not ended. */
async function going(tx: Db, userId: number, liveId: number) {
  const row = await loadOwnLive(tx, userId, liveId, { forUpdate: true });
  if (row.status === 'ended') throw conflict(LIVE_ENDED_MESSAGE);
  return row;
}

/**
 * `PUT /api/live/:liveId/people`: who the sharer names now. Anyone left out who was watching because of it stops
 * within the moment (a `live-recheck` of the session).
 */
export async function setPeople(deps: Deps, userId: number, liveId: number, body: { watcherIds: number[]; contactIds: number[] }): Promise<OwnLiveSession> {
  const now = deps.clock.now();
  if (body.watcherIds.length + body.contactIds.length > 0 && (await isYoungAssociate(deps.db, userId, now))) throw fieldError('watcherIds', YOUNG_ONLY);
  await deps.db.transaction(async (tx) => {
    const row = await going(tx, userId, liveId);
    const links = await tx.select({ id: liveLinks.id }).from(liveLinks).where(and(eq(liveLinks.liveId, row.id), isNull(liveLinks.revokedAt)));
    if (body.contactIds.length + links.length > MAX_SAFETY_CONTACTS) throw fieldError('contactIds', `At most ${MAX_SAFETY_CONTACTS} safety contacts.`);
    const people = await checkedPeople(tx, userId, body.watcherIds, body.contactIds);
    await tx.delete(liveWatchers).where(eq(liveWatchers.liveId, liveId));
    if (people.length > 0) await tx.insert(liveWatchers).values(people.map((p) => ({ liveId, ...p })));
  });
  await deps.bus.publish({ type: 'live-recheck', liveId });
  return ownSessionOf(deps, await loadOwnLive(deps.db, userId, liveId));
}

/** `POST /api/live/:liveId/links`: a share link for a safety contact without an account, e-mailed to them. */
export async function addLink(deps: Deps, userId: number, liveId: number, email: string, origin: string): Promise<LiveLinkMade> {
  const now = deps.clock.now();
  if (await isYoungAssociate(deps.db, userId, now)) throw fieldError('email', YOUNG_ONLY);
  const { row, token } = await deps.db.transaction(async (tx) => {
    const row = await going(tx, userId, liveId);
    // In turn, not at once: a transaction's statements share its one connection (server/db/concurrent.ts).
    const named = await tx.select({ id: liveWatchers.userId }).from(liveWatchers).where(and(eq(liveWatchers.liveId, liveId), eq(liveWatchers.isContact, true)));
    const links = await tx.select({ email: liveLinks.email }).from(liveLinks).where(and(eq(liveLinks.liveId, liveId), isNull(liveLinks.revokedAt)));
    if (!links.some((l) => l.email === email) && named.length + links.length >= MAX_SAFETY_CONTACTS) throw fieldError('email', `At most ${MAX_SAFETY_CONTACTS} safety contacts.`);
    return { row, token: await insertLink(tx, liveId, email, row.expiresAt, now) };
  });
  const url = linkUrl(origin, token);
  deps.mailer.send(await linkMail(deps.db, row, email, url));
  const [link] = await deps.db.select().from(liveLinks).where(and(eq(liveLinks.liveId, liveId), eq(liveLinks.email, email)));
  return { link: { id: link!.id, email: link!.email, expiresAt: link!.expiresAt.toISOString(), revoked: false }, url };
}

/** `DELETE /api/live/:liveId/links/:linkId`: the link stops working at once. */
export async function revokeLink(deps: Deps, userId: number, liveId: number, linkId: number): Promise<OwnLiveSession> {
  const row = await loadOwnLive(deps.db, userId, liveId);
  const [revoked] = await deps.db
    .update(liveLinks)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(liveLinks.id, linkId), eq(liveLinks.liveId, liveId)))
    .returning({ id: liveLinks.id });
  if (!revoked) throw fieldError('linkId', 'That link does not exist.', 404);
  return ownSessionOf(deps, row);
}
