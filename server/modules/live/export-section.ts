import { asc, eq } from 'drizzle-orm';
import { liveLinks, livePoints, liveSessions, liveWatchers } from '../../db/schema/live';
import type { ExportSection } from '../account/export-registry';

/**
 * Issue 26: the member's live sessions, each with who they named to watch, the share links they made (to whom, until
 * when; never the token, which is not kept), and the positions of a session going on (an ended one's track is its
 * activity, in that section, or was discarded).
 */
export const liveExportSection: ExportSection = {
  name: 'live',
  async collect(db, userId) {
    const sessions = await db.select().from(liveSessions).where(eq(liveSessions.userId, userId)).orderBy(asc(liveSessions.startedAt), asc(liveSessions.id));
    return Promise.all(
      sessions.map(async (s) => ({
        id: s.id,
        sportId: s.sportId,
        audience: s.audience,
        status: s.status,
        eventId: s.eventId,
        startedAt: s.startedAt,
        endedAt: s.endedAt,
        expectedReturnAt: s.expectedReturnAt,
        silenceMinutes: s.silenceMinutes,
        distanceM: s.distanceM,
        activityId: s.activityId,
        people: await db.select({ userId: liveWatchers.userId, isContact: liveWatchers.isContact }).from(liveWatchers).where(eq(liveWatchers.liveId, s.id)),
        links: await db
          .select({ email: liveLinks.email, createdAt: liveLinks.createdAt, expiresAt: liveLinks.expiresAt, revokedAt: liveLinks.revokedAt })
          .from(liveLinks)
          .where(eq(liveLinks.liveId, s.id)),
        positions: await db
          .select({ t: livePoints.t, lng: livePoints.lng, lat: livePoints.lat, ele: livePoints.ele })
          .from(livePoints)
          .where(eq(livePoints.liveId, s.id))
          .orderBy(asc(livePoints.t)),
      })),
    );
  },
};
