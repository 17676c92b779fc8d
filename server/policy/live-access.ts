import { eq } from 'drizzle-orm';
import { LIVE_NOT_FOUND } from '#contract/live';
import type { Db } from '../db/client';
import { liveSessions } from '../db/schema/live';
import { notFound } from '../lib/errors';
import { mayWatchLive, type LiveSubject } from './live-policy';

export type LiveRow = typeof liveSessions.$inferSelect;

/** A session by id, whole (the callers pick what each audience may see). */
export async function loadLive(db: Db, liveId: number, { forUpdate = false } = {}): Promise<LiveRow | undefined> {
  const query = db.select().from(liveSessions).where(eq(liveSessions.id, liveId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The session `liveId` if `viewerId` may watch it now (`mayWatchLive`), else a 404: missing, ended, blocked and not
 * allowed all answer alike. Every route that shows a session by id starts here.
 */
export async function loadWatchableLive(db: Db, viewerId: number, liveId: number, now: Date): Promise<LiveRow> {
  const row = await loadLive(db, liveId);
  if (!row || !(await mayWatchLive(db, viewerId, row, now))) throw notFound(LIVE_NOT_FOUND);
  return row;
}

/** The session if it is `viewerId`'s own (to send positions to, pause, stop, edit), else the same 404. */
export async function loadOwnLive(db: Db, viewerId: number, liveId: number, options: { forUpdate?: boolean } = {}): Promise<LiveRow> {
  const row = await loadLive(db, liveId, options);
  if (!row || row.userId !== viewerId) throw notFound(LIVE_NOT_FOUND);
  return row;
}

export type { LiveSubject };
