import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/auth';
import type { Clock } from '../lib/clock';

// Bind parameters per statement are capped (65,535 on PostgreSQL); a process holding more sockets asks in chunks.
const CHUNK = 10_000;

/** Which of these sessions are still signed in (not revoked, not expired; a deleted account's are gone). */
export async function liveSessionIds(db: Db, clock: Clock, ids: number[]) {
  const live = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids.slice(i, i + CHUNK)), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())));
    for (const row of rows) live.add(row.id);
  }
  return live;
}
