import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users';
import type { Deps } from '../deps';
import { verifyPassword } from '../lib/passwords';
import { DEMO_MEMBERS, DEMO_MODERATOR, DEMO_PASSWORD } from './accounts';

/**
 * The line every start prints while the demo world is here, so whoever opens the app can sign in (not only on the
 * first start, whose output is long gone by the second). The published password is named only while it still signs
 * in; a production demo's random passwords were shown once and are kept only as hashes.
 */
export async function demoSignInHint(deps: Pick<Deps, 'db' | 'config'>): Promise<string | undefined> {
  const { email } = DEMO_MEMBERS[0];
  const [member] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  if (!member) return undefined;
  if (deps.config.env === 'production') return `Demo world: its members' passwords were printed when it was made.`;
  if (!(await verifyPassword(member.passwordHash, DEMO_PASSWORD))) {
    return `Demo world: ${email} no longer signs in with ${DEMO_PASSWORD} (its password was changed here).`;
  }
  return `Demo world: sign in as ${email} with password ${DEMO_PASSWORD} (the moderator: ${DEMO_MODERATOR.email})`;
}
