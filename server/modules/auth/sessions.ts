import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { after, days, type Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';
import type { AppConfig } from '../../config';
import { accountColumns, accountOf, toOwnProfile } from '../users/own-profile';

/** A new bearer token for a sign-in (check 8): random, stored only as a hash, expiring. */
export async function createSession(
  tx: Db,
  clock: Clock,
  input: { userId: number; deviceType: number; deviceToken?: string | undefined; ttlDays: number },
) {
  const token = randomToken();
  const expiresAt = after(clock, days(input.ttlDays));
  await tx.insert(sessions).values({
    userId: input.userId,
    tokenHash: sha256(token),
    deviceType: input.deviceType,
    deviceToken: input.deviceToken ?? null,
    createdAt: clock.now(),
    expiresAt,
  });
  return { access_token: token, expires_at: expiresAt.toISOString() };
}

/** Signs `user` in on a device: the answer of every sign-in, sign-up and social call (`{token, user}`). */
export async function signInUser(
  tx: Db,
  deps: { clock: Clock; config: AppConfig },
  user: typeof users.$inferSelect,
  device: { deviceType: number; deviceToken?: string | undefined },
) {
  const token = await createSession(tx, deps.clock, {
    userId: user.id,
    deviceType: device.deviceType,
    deviceToken: device.deviceToken,
    ttlDays: deps.config.sessionTtlDays,
  });
  return { token, user: toOwnProfile(accountOf(user)) };
}

/** Every authenticated request runs it: one text, prepared (server/db/prepared.ts); the account without its secrets. */
const sessionStatement = preparedOn((db) =>
  db
    .select({ sessionId: sessions.id, user: accountColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session'),
);

/** The member behind a live token, or undefined for an unknown, expired or revoked one. */
export async function findSession(db: Db, clock: Clock, token: string) {
  const [row] = await sessionStatement(db).execute({ tokenHash: sha256(token), now: clock.now().toISOString() });
  return row;
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
