import { and, count, desc, eq, gt, isNull, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeFailures, emailCodes } from '../../db/schema/auth';
import { AppError, badRequest, fieldError, tooManyRequests } from '../../lib/errors';
import { after, hours, minutes, type Clock } from '../../lib/clock';
import { randomDigits, randomToken, sameHash, sha256 } from '../../lib/secrets';

/** Code rules of the foundation issue and checks 1-3; one place so sign-up, reset and phone share them. */
export const CODE_RULES = {
  length: 4,
  lifetimeMs: minutes(10),
  triesPerCode: 5,
  failuresPerDay: 20,
  sendsPerHour: 5,
  /** Wait before the next e-mail code after the first send of the hour; it doubles with each send (30 s, 1, 2, 4 min). */
  firstResendCooldownMs: 30_000,
  ticketLifetimeMs: minutes(30),
} as const;

/**
 * The e-mail codes of the sign-up and reset screens get a resend cooldown; phone and deletion codes keep the hourly
 * cap only.
 */
const COOLED_DOWN: ReadonlySet<CodePurpose> = new Set([1, 2, 6]);

/**
 * 1 sign-up and 2 password reset (e-mail), 3 phone change (a phone number, bound to a member), 4 account deletion,
 * 5 e-mail change (the new address, bound to a member), 6 an associate's invitation (issue 25: sets their password).
 */
export type CodePurpose = 1 | 2 | 3 | 4 | 5 | 6;

type CodeRow = typeof emailCodes.$inferSelect;

async function failuresInLastDay(tx: Db, email: string, clock: Clock) {
  const since = new Date(clock.now().getTime() - hours(24));
  const [row] = await tx
    .select({ n: count(), oldest: min(codeFailures.createdAt) })
    .from(codeFailures)
    .where(and(eq(codeFailures.email, email), gt(codeFailures.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

function lockedError(oldest: Date | null, clock: Clock) {
  const unlockAt = (oldest ?? clock.now()).getTime() + hours(24);
  return tooManyRequests(
    'Too many wrong codes for this e-mail. For your safety, codes are locked for 24 hours.',
    (unlockAt - clock.now().getTime()) / 1000,
  );
}

async function assertNotLocked(tx: Db, email: string, clock: Clock) {
  const f = await failuresInLastDay(tx, email, clock);
  if (f.n >= CODE_RULES.failuresPerDay) throw lockedError(f.oldest, clock);
}

/**
 * When the next code for (email, purpose) may be sent, given this hour's sends (oldest first): after the hourly cap,
 * an hour after the oldest; otherwise, for e-mail codes, a cooldown after the newest that doubles with each send.
 */
function nextSendAt(purpose: CodePurpose, sends: readonly Date[]): { at: Date; capped: boolean } | null {
  if (sends.length === 0) return null;
  if (sends.length >= CODE_RULES.sendsPerHour) return { at: new Date(sends[0]!.getTime() + hours(1)), capped: true };
  if (!COOLED_DOWN.has(purpose)) return null;
  const cooldown = CODE_RULES.firstResendCooldownMs * 2 ** (sends.length - 1);
  return { at: new Date(sends.at(-1)!.getTime() + cooldown), capped: false };
}

/**
 * Issues a new code for (email, purpose): older live codes die (check 2), sends are capped per hour and, for e-mail
 * codes, spaced by a growing cooldown. Returns the code to mail, for password resets the request token that the
 * reset must present (check 3), and the seconds until another code may be asked for.
 */
export async function issueCode(tx: Db, clock: Clock, email: string, purpose: CodePurpose, userId?: number) {
  await assertNotLocked(tx, email, clock);
  const now = clock.now();
  const hourAgo = new Date(now.getTime() - hours(1));
  const recent = await tx
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), gt(emailCodes.createdAt, hourAgo)))
    .orderBy(emailCodes.createdAt);
  const sends = recent.map((r) => r.createdAt);
  const next = nextSendAt(purpose, sends);
  if (next && next.at > now) {
    const wait = next.at.getTime() - now.getTime();
    throw tooManyRequests(
      next.capped
        ? `You asked for too many codes. Try again in ${Math.ceil(wait / 60_000)} minutes.`
        : `Please wait ${Math.ceil(wait / 1000)} seconds before asking for another code.`,
      wait / 1000,
    );
  }
  await tx
    .update(emailCodes)
    .set({ deadAt: now })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.deadAt)));
  const code = randomDigits(CODE_RULES.length);
  const requestToken = purpose === 2 ? randomToken() : undefined;
  await tx.insert(emailCodes).values({
    email,
    purpose,
    codeHash: sha256(code),
    requestTokenHash: requestToken ? sha256(requestToken) : null,
    userId: userId ?? null,
    createdAt: now,
    expiresAt: after(clock, CODE_RULES.lifetimeMs),
  });
  const following = nextSendAt(purpose, [...sends, now]);
  const resendAfter = following ? Math.ceil((following.at.getTime() - now.getTime()) / 1000) : 0;
  return { code, requestToken, resendAfter };
}

/** What a wrong code answers while its code lives: the tries it has left. */
export const wrongCodeMessage = (triesLeft: number) => `Wrong code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;

/**
 * Checks a code. A wrong code costs a try on that code and counts toward the 24-hour limit; the fifth wrong try
 * kills the code. `requestToken` must be the one issued with this code, if it was issued with one.
 */
export async function verifyCode(
  db: Db,
  clock: Clock,
  input: { email: string; purpose: CodePurpose; code: string; requestToken?: string | undefined },
): Promise<CodeRow> {
  // Errors decided inside the transaction are raised after it commits, so the recorded failure is kept.
  let failure: AppError | undefined;
  const row = await db.transaction(async (tx) => {
    await assertNotLocked(tx, input.email, clock);
    const now = clock.now();
    const [live] = await tx
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, input.email), eq(emailCodes.purpose, input.purpose), isNull(emailCodes.deadAt), isNull(emailCodes.verifiedAt)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for('update');
    // A code issued with a request token (a password reset) works only with that token (check 3).
    const tokenMatches =
      input.requestToken === undefined
        ? live?.requestTokenHash == null
        : live?.requestTokenHash != null && sameHash(live.requestTokenHash, sha256(input.requestToken));
    if (live && live.expiresAt <= now && tokenMatches && sameHash(live.codeHash, sha256(input.code))) {
      failure = fieldError('otp', 'This code has expired. Ask for a new one.');
      return undefined;
    }
    if (live && live.expiresAt > now && tokenMatches && sameHash(live.codeHash, sha256(input.code))) {
      const [verified] = await tx.update(emailCodes).set({ verifiedAt: now }).where(eq(emailCodes.id, live.id)).returning();
      return verified!;
    }
    await tx.insert(codeFailures).values({ email: input.email, createdAt: now });
    let triesLeft: number | undefined;
    if (live) {
      const attempts = live.attempts + 1;
      await tx
        .update(emailCodes)
        .set({ attempts, deadAt: attempts >= CODE_RULES.triesPerCode ? now : null })
        .where(eq(emailCodes.id, live.id));
      if (attempts >= CODE_RULES.triesPerCode) {
        failure = fieldError('otp', 'Too many wrong tries. Ask for a new code.');
        return undefined;
      }
      triesLeft = CODE_RULES.triesPerCode - attempts;
    }
    const f = await failuresInLastDay(tx, input.email, clock);
    if (f.n >= CODE_RULES.failuresPerDay) failure = lockedError(f.oldest, clock);
    // Issue 19: a wrong code says how many tries this code (or the day's limit, if nearer) has left, so a typo is not
    // a guessing game. With no live code there are no tries to count, and spec §8's 'Invalid OTP' stays.
    else if (triesLeft !== undefined) failure = fieldError('otp', wrongCodeMessage(Math.min(triesLeft, CODE_RULES.failuresPerDay - f.n)));
    else failure = fieldError('otp', 'Invalid OTP');
    return undefined;
  });
  if (!row) throw failure ?? badRequest('Invalid OTP');
  return row;
}

/** Attaches a single-use ticket to a verified sign-up code: the proof that `register/complete` needs. */
export async function issueTicket(db: Db, clock: Clock, codeId: number) {
  const ticket = randomToken();
  await db
    .update(emailCodes)
    .set({ ticketHash: sha256(ticket), ticketExpiresAt: after(clock, CODE_RULES.ticketLifetimeMs) })
    .where(eq(emailCodes.id, codeId));
  return ticket;
}

/**
 * Finds the live code row a ticket or reset token belongs to, or undefined; locked for update unless `lock: false`
 * (a look before the real check in a transaction).
 */
export async function findByTicket(tx: Db, clock: Clock, kind: 'signUp' | 'reset', token: string, opts: { lock: boolean } = { lock: true }) {
  const hash = sha256(token);
  const where =
    kind === 'signUp'
      ? and(eq(emailCodes.ticketHash, hash), eq(emailCodes.purpose, 1), isNull(emailCodes.deadAt), gt(emailCodes.ticketExpiresAt, clock.now()))
      : and(eq(emailCodes.requestTokenHash, hash), eq(emailCodes.purpose, 2), isNull(emailCodes.deadAt));
  const query = tx.select().from(emailCodes).where(where).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function killCode(tx: Db, clock: Clock, id: number) {
  await tx.update(emailCodes).set({ deadAt: clock.now() }).where(eq(emailCodes.id, id));
}
