import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { users } from '../db/schema/users';
import { saveFeed } from '../modules/feeds/service';
import { saveAssociate } from '../modules/associates/associate-save';

/** A date of birth `years` old today (born on the 1st of last month). */
function bornYearsAgo(now: Date, years: number) {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Issue 25's part of the demo world: Jonas manages his two children's accounts. Lea (12) has the safe defaults of
 * her age, shorts withheld too; Noah (17) may do everything but organise events. Both sign in with Jonas's demo
 * password (their accounts take his password's hash), and Noah has posted once.
 */
export async function seedDemoAssociates(deps: Deps, members: readonly { id: number; handleName: string }[]) {
  const parent = members.find((m) => m.handleName === 'jonasrides');
  if (!parent) return;
  const now = deps.clock.now();
  const lea = await saveAssociate(deps, parent.id, {
    email: 'lea@demo.switchback.app',
    firstName: 'Lea',
    lastName: 'Berg',
    dob: bornYearsAgo(now, 12),
    gender: 'female',
    permission: [{ id: 'post_shorts', status: 0 }],
  });
  const noah = await saveAssociate(deps, parent.id, {
    email: 'noah@demo.switchback.app',
    firstName: 'Noah',
    lastName: 'Berg',
    dob: bornYearsAgo(now, 17),
    gender: 'male',
    permission: [{ id: 'create_events', status: 0 }],
  });
  const [{ passwordHash } = { passwordHash: null }] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, parent.id));
  for (const kid of [lea, noah]) await deps.db.update(users).set({ passwordHash }).where(eq(users.id, kid.associateId));
  await saveFeed(deps, noah.associateId, { title: 'First solo loop', description: 'Did the whole Hungerburg loop without stopping. Dad had to wait at the top for once.', isDraft: false });
}
