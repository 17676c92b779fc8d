import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema/auth';
import { hours, minutes, type Clock } from '../../lib/clock';
import { tooManyRequests } from '../../lib/errors';

/**
 * Wrong passwords are counted per e-mail signed in to, whatever network address they come from (issue 17 item 8;
 * NIST 800-63B allows up to 100, we take far fewer). Ten within 15 minutes pause password sign-in for 15 minutes;
 * every wrong password after that, within the day, doubles the pause. A guesser gets about 17 tries a day; the owner
 * gets in by a mailed code (the password reset), which clears the count. An address nobody owns is counted and paused
 * the same way, so the pause does not tell a member's address from a stranger's (check 4).
 */
export const PASSWORD_LIMIT = {
  failures: 10,
  windowMs: minutes(15),
  firstPauseMs: minutes(15),
  longestPauseMs: hours(24),
  /** How long a failure is remembered: a pause episode lasts at most this long. */
  memoryMs: hours(24),
} as const;

export type PasswordLock = {
  /** When password sign-in opens again, or null when it is open. */
  until: Date | null;
  /** Pauses in the current episode: 0 when the account was never paused in the remembered day. */
  level: number;
};

/** Replays the remembered failures (oldest first) into the pause they add up to. */
export function passwordLock(failures: readonly Date[]): PasswordLock {
  let level = 0;
  let until: number | null = null;
  failures.forEach((at, i) => {
    const t = at.getTime();
    const windowFull = i >= PASSWORD_LIMIT.failures - 1 && t - failures[i - PASSWORD_LIMIT.failures + 1]!.getTime() <= PASSWORD_LIMIT.windowMs;
    if (level === 0 && !windowFull) return;
    level += 1;
    until = t + Math.min(PASSWORD_LIMIT.firstPauseMs * 2 ** (level - 1), PASSWORD_LIMIT.longestPauseMs);
  });
  return { until: until === null ? null : new Date(until), level };
}

async function rememberedFailures(db: Db, clock: Clock, email: string) {
  const since = new Date(clock.now().getTime() - PASSWORD_LIMIT.memoryMs);
  const rows = await db
    .select({ createdAt: signInFailures.createdAt })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since)))
    .orderBy(asc(signInFailures.createdAt), asc(signInFailures.id));
  return rows.map((r) => r.createdAt);
}

function waitWords(ms: number) {
  const mins = Math.ceil(ms / 60_000);
  if (mins < 90) return `${mins} minute${mins === 1 ? '' : 's'}`;
  return `${Math.ceil(mins / 60)} hours`;
}

/** Throws 429 while password sign-in to `email` is paused; called before any hashing (check 6). */
export async function assertPasswordOpen(db: Db, clock: Clock, email: string) {
  const { until } = passwordLock(await rememberedFailures(db, clock, email));
  const left = until ? until.getTime() - clock.now().getTime() : 0;
  if (left > 0) {
    throw tooManyRequests(
      `Too many wrong passwords for this account. Try again in ${waitWords(left)}, or reset your password with a code we e-mail you.`,
      left / 1000,
    );
  }
}

/** Records a wrong password; true when it began a pause episode (the owner is told once per episode, not per try). */
export async function recordPasswordFailure(db: Db, clock: Clock, email: string) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.delete(signInFailures).where(and(eq(signInFailures.email, email), lte(signInFailures.createdAt, new Date(now.getTime() - PASSWORD_LIMIT.memoryMs))));
    await tx.insert(signInFailures).values({ email, createdAt: now });
  });
  return passwordLock(await rememberedFailures(db, clock, email)).level === 1;
}

/** The owner proved who they are (the right password while open, or a mailed code): the count starts again. */
export async function clearPasswordFailures(db: Db, email: string) {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
