import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { PRIVACY_ZONES_MAX, type PrivacySettings, type PrivacySettingsInput } from '#contract/activities';
import type { LngLat } from '#contract/map-routes';
import type { Deps } from '../../../deps';
import type { Db } from '../../../db/client';
import { privacySettings, privacyZones } from '../../../db/schema/activities';
import { enqueue } from '../../../jobs/queue';
import { FieldErrors } from '../../../lib/errors';
import { storedZone, type StoredZone } from './privacy-zones';

/** The job that makes a member's activity views again after their privacy settings changed (activity-views.ts). */
export const REFRESH_VIEWS_JOB = 'activities.refresh-views';

/** What trimming needs of a member's privacy, and the version their activity views must have been made under. */
export type MemberPrivacy = { zones: StoredZone[]; hideEndsM: number; version: number };

/** A member's zones, hidden ends and settings version (nothing hidden, version 0, when they never saved any). */
export async function memberPrivacy(db: Db, userId: number): Promise<MemberPrivacy> {
  const [settings, zones] = await Promise.all([
    db.select().from(privacySettings).where(eq(privacySettings.userId, userId)).limit(1),
    db.select().from(privacyZones).where(eq(privacyZones.userId, userId)).orderBy(privacyZones.id),
  ]);
  return {
    zones: zones.map((z) => ({ centre: [z.centreLng, z.centreLat] as LngLat, radiusM: z.radiusM, trimRadiusM: z.trimRadiusM })),
    hideEndsM: settings[0]?.hideEndsM ?? 0,
    version: settings[0]?.version ?? 0,
  };
}

/** `GET /api/privacy-zones`: the member's own zones (the stored, offset centres) and hidden ends. */
export async function privacySettingsOf(db: Db, userId: number): Promise<PrivacySettings> {
  const [settings, zones] = await Promise.all([
    db.select().from(privacySettings).where(eq(privacySettings.userId, userId)).limit(1),
    db.select().from(privacyZones).where(eq(privacyZones.userId, userId)).orderBy(privacyZones.id),
  ]);
  return {
    zones: zones.map((z) => ({ id: z.id, label: z.label, centre: [z.centreLng, z.centreLat], radius: z.radiusM, trimRadius: z.trimRadiusM })),
    hideEnds: settings[0]?.hideEndsM ?? 0,
  };
}

/**
 * `PUT /api/privacy-zones`: the member's whole set at once. A kept zone (by id) keeps its place and offset, so the
 * random offset of a zone is drawn once only: drawing it again for the same home would give an attacker a second
 * circle to intersect. A new zone is stored with a fresh offset (privacy-zones.ts). The settings version goes up in the
 * same transaction, and a job makes every activity's views again; until it has, reads make a stale view again before
 * showing it (activity-views.ts), so the new zones hold for others at once.
 */
export async function savePrivacySettings(deps: Pick<Deps, 'db' | 'clock'>, userId: number, input: PrivacySettingsInput): Promise<PrivacySettings> {
  await deps.db.transaction(async (tx) => {
    const owned = await tx.select({ id: privacyZones.id }).from(privacyZones).where(eq(privacyZones.userId, userId));
    const ownedIds = new Set(owned.map((z) => z.id));
    const errors = new FieldErrors();
    const keptIds: number[] = [];
    input.zones.forEach((zone, i) => {
      if ('id' in zone) {
        if (!ownedIds.has(zone.id)) errors.add(`zones.${i}.id`, 'That privacy zone does not exist: load the page again.');
        else if (keptIds.includes(zone.id)) errors.add(`zones.${i}.id`, 'The same zone is in the list twice.');
        else keptIds.push(zone.id);
      }
    });
    if (input.zones.length > PRIVACY_ZONES_MAX) errors.add('zones', `Up to ${PRIVACY_ZONES_MAX} privacy zones.`);
    errors.throwIfAny();

    await tx.delete(privacyZones).where(and(eq(privacyZones.userId, userId), keptIds.length > 0 ? notInArray(privacyZones.id, keptIds) : undefined));
    for (const zone of input.zones) {
      if ('id' in zone) {
        await tx
          .update(privacyZones)
          .set({ label: zone.label })
          .where(and(eq(privacyZones.userId, userId), inArray(privacyZones.id, [zone.id])));
      } else {
        const stored = storedZone(zone.centre, zone.radius);
        await tx.insert(privacyZones).values({
          userId,
          label: zone.label,
          centreLng: stored.centre[0],
          centreLat: stored.centre[1],
          radiusM: stored.radiusM,
          trimRadiusM: stored.trimRadiusM,
          createdAt: deps.clock.now(),
        });
      }
    }
    await tx
      .insert(privacySettings)
      .values({ userId, hideEndsM: input.hideEnds, version: 1 })
      .onConflictDoUpdate({ target: privacySettings.userId, set: { hideEndsM: input.hideEnds, version: sql`${privacySettings.version} + 1` } });
    await enqueue(tx, deps.clock, REFRESH_VIEWS_JOB, { userId });
  });
  return privacySettingsOf(deps.db, userId);
}
