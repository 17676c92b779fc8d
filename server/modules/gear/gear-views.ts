import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Gear, GearActivity, GearTotals } from '#contract/gear';
import type { FeedImage } from '#contract/feeds';
import type { MemberSummary } from '#contract/social';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { activityGear, gear, gearImages } from '../../db/schema/gear';
import { users } from '../../db/schema/users';
import { gearPublicToMembersSql } from '../../policy/gear-policy';
import { guardianFor } from '../../policy/guardian';
import { signedMediaUrl } from '../feeds/feed-views';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';

/** A piece's columns with its owner, as `gearViews` takes them. */
export const gearColumns = {
  ...getTableColumns(gear),
  // Whether every member may see it (the policy's rule, in SQL): then its photos go unsigned.
  publicToMembers: gearPublicToMembersSql(),
  owner: sql<MemberSummary>`json_build_object('userId', ${users.id}, 'handleName', ${users.handleName}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'profileImage', ${users.profileImage})`,
};

export const selectGearRows = (db: Db) => db.select(gearColumns).from(gear).innerJoin(users, eq(users.id, gear.userId));
export type GearRow = Awaited<ReturnType<typeof selectGearRows>>[number];

const NO_TOTALS: GearTotals = { distance: 0, movingTime: 0, climb: 0, activities: 0 };

/**
 * What the activities that used each piece add up to, summed when read (never stored, so an activity edited or
 * deleted counts right at once). The whole activity counts, whoever asks: a bike's kilometres are the bike's.
 */
export async function gearTotalsOf(db: Db, gearIds: readonly number[]): Promise<Map<number, GearTotals>> {
  if (gearIds.length === 0) return new Map();
  const rows = await db
    .select({
      gearId: activityGear.gearId,
      distance: sum(activities.distanceM).mapWith(Number),
      movingTime: sum(activities.movingS).mapWith(Number),
      climb: sum(activities.elevationGainM).mapWith(Number),
      activities: count(),
    })
    .from(activityGear)
    .innerJoin(activities, eq(activities.id, activityGear.activityId))
    .where(inArray(activityGear.gearId, [...gearIds]))
    .groupBy(activityGear.gearId);
  return new Map(rows.map((r) => [r.gearId, { distance: r.distance || 0, movingTime: r.movingTime || 0, climb: r.climb || 0, activities: r.activities }]));
}

/**
 * The pieces of `rows` as the wire shows them, in order, with totals and photos; a piece's photos are signed unless
 * every member may see it (check 14). The rows must have passed the policy already.
 */
export async function gearViews(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, rows: readonly GearRow[]): Promise<Gear[]> {
  const ids = rows.map((r) => r.id);
  const [totals, photos] = await Promise.all([
    gearTotalsOf(deps.db, ids),
    ids.length ? deps.db.select().from(gearImages).where(inArray(gearImages.gearId, ids)).orderBy(asc(gearImages.gearId), asc(gearImages.position)) : [],
  ]);
  let sign: MediaUrlSigner | undefined;
  const out: Gear[] = [];
  for (const row of rows) {
    const signed = !row.publicToMembers;
    if (signed) sign ??= await mediaUrlSigner(deps);
    const images: FeedImage[] = photos
      .filter((p) => p.gearId === row.id)
      .map((p) => ({
        key: p.uploadKey,
        url: signed ? signedMediaUrl(p.uploadKey, p.url, sign!) : p.url,
        thumbnail: signed ? signedMediaUrl(p.uploadKey, p.thumbnail, sign!) : p.thumbnail,
        dimens: `${p.width}:${p.height}`,
      }));
    out.push({
      id: row.id,
      owner: row.owner,
      sportId: row.sportId,
      title: row.title,
      brand: row.brand,
      model: row.model,
      year: row.year,
      notes: row.notes,
      isDraft: row.isDraft,
      isDefault: row.isDefault,
      retiredAt: row.retiredAt?.toISOString() ?? null,
      images,
      wheelsize: row.wheelSize,
      framesize: row.frameSize,
      frontTravel: row.frontTravelMm,
      rearTravel: row.rearTravelMm,
      buildKit: row.buildKit,
      motor: row.motor,
      batteryWh: row.batteryWh,
      category: row.category,
      size: row.size,
      totals: totals.get(row.id) ?? NO_TOTALS,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return out;
}

/** One piece as the wire shows it; the caller has checked the viewer may see it. */
export async function gearViewOf(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, gearId: number): Promise<Gear> {
  return (await gearViews(deps, await selectGearRows(deps.db).where(eq(gear.id, gearId))))[0]!;
}

export const RECENT_GEAR_ACTIVITIES = 5;

/** The latest activities done with a piece that the viewer may see, newest first. */
export async function recentGearActivities(db: Db, viewerId: number, gearId: number): Promise<GearActivity[]> {
  const rows = await db
    .select({
      id: activities.id,
      title: activities.title,
      sportId: activities.sportId,
      startAt: activities.startAt,
      distance: activities.distanceM,
      movingTime: activities.movingS,
      climb: activities.elevationGainM,
    })
    .from(activityGear)
    .innerJoin(activities, eq(activities.id, activityGear.activityId))
    .where(and(eq(activityGear.gearId, gearId), guardianFor(db, viewerId).visibleActivitiesWhere()))
    .orderBy(desc(activities.startAt), desc(activities.id))
    .limit(RECENT_GEAR_ACTIVITIES);
  return rows.map((r) => ({ ...r, startAt: r.startAt.toISOString() }));
}

/** The gear an activity was done with, as `viewerId` (who may see the activity) may see it: drafts only to their owner. */
export async function gearOfActivity(db: Db, viewerId: number, activityId: number) {
  return db
    .select({ id: gear.id, title: gear.title, sportId: gear.sportId })
    .from(activityGear)
    .innerJoin(gear, eq(gear.id, activityGear.gearId))
    .where(and(eq(activityGear.activityId, activityId), guardianFor(db, viewerId).visibleGearWhere()))
    .orderBy(asc(gear.sportId), asc(gear.id));
}

/** The owner's pieces an activity may name: in use (not retired), the default of each sport first. */
export async function pickableGear(db: Db, userId: number) {
  return db
    .select({ id: gear.id, title: gear.title, sportId: gear.sportId, isDefault: gear.isDefault })
    .from(gear)
    .where(and(eq(gear.userId, userId), isNull(gear.retiredAt)))
    .orderBy(desc(gear.isDefault), asc(gear.title), asc(gear.id));
}
