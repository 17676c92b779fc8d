import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

/**
 * Who moderates (issue 20): members whose `role` is `moderator`. The role is granted by configuration (ADMIN_EMAILS,
 * applied at start-up and at each sign-in, so an address listed before its account exists works from sign-up) or by
 * `npm run admin -- grant <e-mail>` (scripts/admin.ts). Taking an address off ADMIN_EMAILS does not demote anyone:
 * `npm run admin -- revoke <e-mail>` does.
 */

/** E-mail addresses are stored lower-case (sign-up folds them). */
const folded = (emails: readonly string[]) => emails.map((e) => e.trim().toLowerCase()).filter(Boolean);

/** Makes the members with these addresses moderators; the addresses that had an account. */
export async function grantModerators(db: Db, emails: readonly string[]) {
  const list = folded(emails);
  if (list.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ role: 'moderator' })
    .where(inArray(users.email, list))
    .returning({ email: users.email });
  return rows.map((r) => r.email);
}

/** Makes the member with this address a member again; whether one was a moderator. */
export async function revokeModerator(db: Db, email: string) {
  const rows = await db
    .update(users)
    .set({ role: 'member' })
    .where(and(eq(users.email, email.trim().toLowerCase()), ne(users.role, 'member')))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether `email` is one ADMIN_EMAILS names. */
export const isConfiguredModerator = (adminEmails: readonly string[], email: string) => folded(adminEmails).includes(email.toLowerCase());
