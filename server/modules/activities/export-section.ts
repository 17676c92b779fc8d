import { asc, eq, isNotNull, and } from 'drizzle-orm';
import { activities, privacySettings, privacyZones } from '../../db/schema/activities';
import type { ExportSection } from '../account/export-registry';
import { safeFileName } from '../../lib/file-names';

/**
 * The member's activities (issue 21): each one's numbers as stored, with the file it was imported from under
 * `media/activities/<id>/` (GPX, TCX or FIT as sent, so another app can take them), and their privacy settings with
 * the zones as stored (the offset centres; the true ones are nowhere). Their kudos and comments are in
 * `reactionsAndComments`.
 */
export const activitiesExportSection: ExportSection = {
  name: 'activities',
  async collect(db, userId) {
    const [rows, zones, settings] = await Promise.all([
      db
        .select({
          activityId: activities.id,
          title: activities.title,
          description: activities.description,
          sportId: activities.sportId,
          visibility: activities.visibility,
          source: activities.source,
          startAt: activities.startAt,
          timeZone: activities.timeZone,
          distanceM: activities.distanceM,
          movingS: activities.movingS,
          elapsedS: activities.elapsedS,
          elevationGainM: activities.elevationGainM,
          elevationLossM: activities.elevationLossM,
          averageSpeedMps: activities.averageSpeedMps,
          maxSpeedMps: activities.maxSpeedMps,
          averageHeartRate: activities.averageHeartRate,
          maxHeartRate: activities.maxHeartRate,
          averagePower: activities.averagePower,
          maxPower: activities.maxPower,
          averageCadence: activities.averageCadence,
          calories: activities.calories,
          originalFile: activities.originalName,
          createdAt: activities.createdAt,
        })
        .from(activities)
        .where(eq(activities.userId, userId))
        .orderBy(asc(activities.startAt), asc(activities.id)),
      db.select({ label: privacyZones.label, centreLng: privacyZones.centreLng, centreLat: privacyZones.centreLat, radiusM: privacyZones.radiusM, trimRadiusM: privacyZones.trimRadiusM }).from(privacyZones).where(eq(privacyZones.userId, userId)).orderBy(asc(privacyZones.id)),
      db.select({ hideEndsM: privacySettings.hideEndsM }).from(privacySettings).where(eq(privacySettings.userId, userId)),
    ]);
    return { list: rows, privacyZones: zones, hideEndsM: settings[0]?.hideEndsM ?? 0 };
  },
  async media(db, userId) {
    const rows = await db
      .select({ id: activities.id, key: activities.originalKey, name: activities.originalName })
      .from(activities)
      .where(and(eq(activities.userId, userId), isNotNull(activities.originalKey)));
    return rows.map((r) => ({ path: `media/activities/${r.id}/${safeName(r.name)}`, storageKey: r.key! }));
  },
};

// A zip entry's name is the member's file name with letters, digits, dots and dashes only (isSafeMediaPath).
const safeName = (name: string | null) => safeFileName(name, 'activity');
