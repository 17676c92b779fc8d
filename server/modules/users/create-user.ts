import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { conflict } from '../../lib/errors';
import { randomToken } from '../../lib/secrets';
import type { Gender } from '#contract/rules';

export type NewUser = {
  email: string;
  passwordHash: string | null;
  handleName: string;
  firstName: string;
  lastName: string;
  dob: string;
  gender?: Gender | null | undefined;
  userType?: string | undefined;
  referralCode?: string | undefined;
};

const newReferralCode = () => randomToken().replace(/[^A-Za-z0-9]/g, '').slice(0, 10);

/** Whether another member has `handleName`, in any case; `exceptUserId`'s own handle does not count. */
export async function isHandleTaken(db: Db, handleName: string, exceptUserId?: number) {
  const sameHandle = sql`lower(${users.handleName}) = ${handleName.toLowerCase()}`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sameHandle : and(sameHandle, ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

/** Creates a member; a taken e-mail or handle is a 409 naming the field. Call it inside the caller's transaction. */
export async function createUser(tx: Db, input: NewUser) {
  const [emailTaken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (emailTaken) throw conflict('An account with this e-mail already exists.', { email: ['An account with this e-mail already exists.'] });
  if (await isHandleTaken(tx, input.handleName)) {
    throw conflict('That handle is taken.', { handleName: ['That handle is taken. Try another.'] });
  }
  let referredBy: number | null = null;
  if (input.referralCode) {
    // An unknown or stale referral link should not stop anyone joining.
    const [referrer] = await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, input.referralCode)).limit(1);
    referredBy = referrer?.id ?? null;
  }
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      handleName: input.handleName,
      firstName: input.firstName,
      lastName: input.lastName,
      dob: input.dob,
      gender: input.gender ?? null,
      userType: input.userType ?? null,
      referralCode: newReferralCode(),
      referredBy,
    })
    .returning();
  return user!;
}
