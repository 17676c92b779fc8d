import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { users } from '../db/schema/users';
import { DEMO_MEMBERS, demoPasswords, seedAccounts } from './accounts';
import { seedDemoActivities } from './activities';
import { seedDemoAssociates } from './associates';
import { seedDemoLive } from './live';
import { seedDemoEvents } from './events';
import { seedDemoGear } from './gear';
import { seedDemoModeration } from './moderation';
import { seedDemoPosts } from './posts';
import { seedProfileImages } from './profile-images';
import { seedDemoShorts } from './shorts';
import { seedSocialGraph } from './social-graph';

type Seeded = Awaited<ReturnType<typeof seedAccounts>>;
/** One area's part of the world, given the seeded members. */
export type DemoArea = (deps: Deps, members: Seeded, log: Pick<FastifyBaseLogger, 'warn'>) => Promise<unknown>;

/**
 * Each area's part, in order, after the accounts, profiles and who follows whom: photos; posts; events; shorts;
 * gear; activities (after the posts that share them, the event one counts toward and the gear they name); moderation;
 * associates.
 */
export const DEMO_AREAS: readonly DemoArea[] = [
  async (deps, members) => {
    for (const [i, member] of members.entries()) await seedProfileImages(deps, member.id, DEMO_MEMBERS[i]!);
  },
  seedDemoPosts,
  seedDemoEvents,
  seedDemoShorts,
  // Before the activities, whose imports name each sport's default piece.
  seedDemoGear,
  (deps, members) => seedDemoActivities(deps, members),
  seedDemoModeration,
  seedDemoAssociates,
  seedDemoLive,
];

/**
 * The demo world a new install lands in. Runs once, on an empty database: the accounts, then each area's part
 * (`areas`: the test of the passwords alone asks for none).
 */
export async function seedDemoWorld(deps: Deps, log: Pick<FastifyBaseLogger, 'warn'>, areas: readonly DemoArea[] = DEMO_AREAS) {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwords = demoPasswords(deps.config.env);
  const members = await deps.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx, passwords);
    await seedSocialGraph(tx, seeded, deps.clock.now());
    return seeded;
  });
  for (const seed of areas) await seed(deps, members, log);
  // Printed plainly, not only logged, so a new user finds it in the start-up output. Random passwords are shown this
  // once (they are stored only as hashes); the published one is printed at every start (demoSignInHint).
  if (deps.config.env === 'production') {
    const lines = DEMO_MEMBERS.map((m, i) => `    ${m.email}  ${passwords[i]}`);
    console.log(`\n  Demo world ready. Its members' passwords are shown only now:\n${lines.join('\n')}\n`);
  }
  return true;
}
