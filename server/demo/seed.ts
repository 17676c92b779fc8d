import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedAccounts } from './accounts';

/**
 * The demo world a new install lands in. Runs once, on an empty database; each area adds its own step here
 * (accounts now; posts, events, gear and activities as those areas land).
 */
export async function seedDemoWorld(db: Db, log: FastifyBaseLogger) {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await seedAccounts(tx);
  });
  const demo = DEMO_MEMBERS[0];
  log.info({ email: demo.email }, 'demo world created');
  // Printed plainly, not only logged, so a new user finds it in the start-up output.
  console.log(`\n  Demo world ready. Sign in as ${demo.email} with password ${DEMO_PASSWORD}\n`);
  return true;
}
