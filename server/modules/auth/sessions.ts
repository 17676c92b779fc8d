import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { after, days, minutes, type Clock } from '../../lib/clock';
import { deviceName } from '../../lib/device-name';
import { randomToken, sha256 } from '../../lib/secrets';
import type { AppConfig } from '../../config';
import { accountColumns, toOwnProfile } from '../users/own-profile';
import { associateGrantOf } from '../../policy/associate-policy';
import { ASSOCIATE_STATUS } from '#contract/associates';
import { forbidden } from '../../lib/errors';
import { grantModerators, isConfiguredModerator } from '../moderation/moderators';
import { suspensionNotice } from '../moderation/suspension';

/** A new bearer token for a sign-in (check 8): random, stored only as a hash, expiring. */
export async function createSession(
  tx: Db,
  clock: Clock,
  input: { userId: number; deviceType: number; deviceToken?: string | undefined; userAgent?: string | undefined; ttlDays: number },
) {
  const token = randomToken();
  const expiresAt = after(clock, days(input.ttlDays));
  const now = clock.now();
  await tx.insert(sessions).values({
    userId: input.userId,
    tokenHash: sha256(token),
    deviceType: input.deviceType,
    deviceToken: input.deviceToken ?? null,
    device: deviceName(input.userAgent, input.deviceType),
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
  });
  return { access_token: token, expires_at: expiresAt.toISOString() };
}

/** Signs `user` in on a device: the answer of every sign-in, sign-up and social call (`{token, user}`). */
export async function signInUser(
  tx: Db,
  deps: { clock: Clock; config: AppConfig },
  user: typeof users.$inferSelect,
  device: { deviceType: number; deviceToken?: string | undefined; userAgent?: string | undefined },
) {
  const suspended = await suspensionNotice(tx, user, deps.clock.now());
  if (suspended) throw forbidden(suspended);
  // Issue 25 (check 7): an associate their owner turned off is told why, and who can turn them on again.
  const grant = await associateGrantOf(tx, user.id);
  if (grant && grant.status === ASSOCIATE_STATUS.inactive) {
    const [owner] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, grant.ownerId));
    throw forbidden(`Your account is turned off by ${owner!.firstName} ${owner!.lastName}, who manages it. Ask them to turn it on again.`);
  }
  if (user.role !== 'moderator' && isConfiguredModerator(deps.config.adminEmails, user.email)) {
    await grantModerators(tx, [user.email]);
    user = { ...user, role: 'moderator' };
  }
  const token = await createSession(tx, deps.clock, {
    userId: user.id,
    deviceType: device.deviceType,
    deviceToken: device.deviceToken,
    userAgent: device.userAgent,
    ttlDays: deps.config.sessionTtlDays,
  });
  const [account] = await tx.select(accountColumns).from(users).where(eq(users.id, user.id));
  return { token, user: toOwnProfile({ ...account!, role: user.role }) };
}

/** Every authenticated request runs it: one text, prepared (server/db/prepared.ts); the account without its secrets. */
const sessionStatement = preparedOn((db) =>
  db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: accountColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session'),
);

/** "Last used" is kept to the minute: a session used more often costs one write a minute, not one per request. */
const LAST_USED_STEP_MS = minutes(1);

/**
 * The member behind a live token, or undefined for an unknown, expired or revoked one. Moves the session's last use
 * forward when it is a minute old or more; the update re-checks the age, so concurrent requests write once.
 */
export async function findSession(db: Db, clock: Clock, token: string) {
  const now = clock.now();
  const [row] = await sessionStatement(db).execute({ tokenHash: sha256(token), now: now.toISOString() });
  if (!row) return undefined;
  const stale = new Date(now.getTime() - LAST_USED_STEP_MS);
  if (row.lastUsedAt <= stale) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), lte(sessions.lastUsedAt, stale)));
  }
  return { sessionId: row.sessionId, user: row.user };
}

/** The member's signed-in devices, most recently used first: what "Where you're signed in" lists. Never the hashes. */
export function liveSessionsOf(db: Db, clock: Clock, userId: number) {
  return db
    .select({
      sessionId: sessions.id,
      device: sessions.device,
      deviceType: sessions.deviceType,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/** Signs out one of the member's own live sessions; the ids revoked (none for another member's or a dead one). */
export async function revokeOwnSession(db: Db, clock: Clock, userId: number, sessionId: number) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Signs out every live session of the member but `keepId` (this device); the ids revoked. */
export async function revokeOtherSessions(tx: Db, clock: Clock, userId: number, keepId: number) {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function revokeSession(db: Db, clock: Clock, sessionId: number) {
  await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(tx: Db, clock: Clock, userId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
