import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { activities, activityStreams, activityViews, privacySettings } from '../../db/schema/activities';
import { uploads } from '../../db/schema/media';
import { enqueue } from '../../jobs/queue';
import { REMOVE_FILES_JOB } from '../account/delete-service';
import { storePreviewUpload } from '../map-routes/route-preview';
import { uploadPrefix } from '../media/upload-files';
import { memberPrivacy } from './privacy/privacy-service';
import { VIEWS_VERSION } from './views/derive-views';
import { preparedOn } from '../../db/prepared';
import { viewableActivityCondition } from '../../policy/activity-policy';
import type { Derived, DerivedView } from './worker/activity-tasks';

/**
 * An activity's two views (issue 21, check 19), stored: what the owner sees and what everyone else sees, each made in
 * the activity worker from the streams and the owner's privacy settings, with its map picture (an upload of purpose
 * `activity`, which media-policy.ts serves by its view's audience). A view is made under one version of the owner's
 * settings (`privacy_version`) by one version of the code (`views_version`); a read that finds an older one makes it
 * again before answering (`freshViews`), so a zone saved a moment ago already holds, whatever the refresh job has
 * reached.
 */

export type Audience = 'owner' | 'others';
export type StoredView = { detail: string; hasHiddenParts: boolean; mapKey: string | null };

type ViewsDeps = Pick<Deps, 'db' | 'storage' | 'clock' | 'activityWorker'>;

/**
 * Makes and stores both views of `activityId` under the owner's current settings; nothing when the activity has no
 * streams (typed in by hand), is gone, or has them made under these settings already (a read made them, or an earlier
 * run of the refresh job), unless `remake` (its sport changed, and with it what counts as a stop).
 */
export async function makeViews(deps: ViewsDeps, activityId: number, { remake = false } = {}): Promise<void> {
  const [row] = await deps.db
    .select({ userId: activities.userId, sportId: activities.sportId, data: activityStreams.data, laps: activityStreams.laps, totals: activityStreams.deviceTotals })
    .from(activities)
    .innerJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(eq(activities.id, activityId))
    .limit(1);
  if (!row) return;
  const privacy = await memberPrivacy(deps.db, row.userId);
  const current = await deps.db.select(VERSIONS).from(activityViews).where(eq(activityViews.activityId, activityId));
  if (!remake && upToDate(current, privacy.version)) return;
  const derived = await deps.activityWorker.derive({
    sportId: row.sportId,
    streams: row.data,
    laps: row.laps,
    totals: row.totals,
    zones: privacy.zones,
    hideEndsM: privacy.hideEndsM,
  });
  const pictures = await storePictures(deps, row.userId, derived);
  const replaced = await deps.db.transaction(async (tx) => {
    // The activity row's lock orders writers of its views; one deleted meanwhile takes its views with it.
    const [locked] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, activityId)).for('update');
    return locked ? writeViews(tx, activityId, row.userId, privacy.version, derived, pictures, { remake }) : NOT_WRITTEN;
  });
  await removePictures(deps, unusedPictures(replaced, pictures));
}

/**
 * Stores the map pictures of freshly made views (uploads of purpose `activity`, attached at once): before the
 * transaction that writes the views, as every upload's files are written before its row is used. Without hidden
 * parts the worker gave both views one picture, and one upload serves them (media-policy.ts then serves it by the
 * rules of everyone else's view).
 */
export async function storePictures(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, userId: number, derived: Derived): Promise<Pictures> {
  const now = deps.clock.now();
  const picture = async (view: DerivedView) =>
    view.picture ? storePreviewUpload(deps, userId, 'activity', Buffer.from(view.picture.buffer, view.picture.byteOffset, view.picture.byteLength), now) : null;
  const owner = await picture(derived.owner);
  return { owner, others: derived.others === derived.owner || derived.others.picture === derived.owner.picture ? owner : await picture(derived.others) };
}

export type Pictures = Record<Audience, string | null>;

/** What `writeViews` did: wrote the views (replacing the pictures named), or nothing. */
export type Written = { written: true; replaced: (string | null)[] } | { written: false };
const NOT_WRITTEN: Written = { written: false };

/**
 * Writes both views in `tx` (which holds the activity row's lock), made under settings `version`: unless the owner's
 * settings moved on meanwhile (a read remakes them) or views of this version were written already (two writers raced).
 */
export async function writeViews(tx: Db, activityId: number, userId: number, version: number, derived: Derived, pictures: Pictures, { remake = false } = {}): Promise<Written> {
  if ((await privacyVersionOf(tx, userId)) !== version) return NOT_WRITTEN;
  const before = await tx.select(VERSIONS).from(activityViews).where(eq(activityViews.activityId, activityId));
  if (!remake && upToDate(before, version)) return NOT_WRITTEN;
  for (const audience of ['owner', 'others'] as const) {
    const view = derived[audience];
    const values = { privacyVersion: version, viewsVersion: VIEWS_VERSION, hasHiddenParts: view.hasHiddenParts, detail: view.detail, track: view.track, mapKey: pictures[audience] };
    await tx
      .insert(activityViews)
      .values({ activityId, audience, ...values })
      .onConflictDoUpdate({ target: [activityViews.activityId, activityViews.audience], set: values });
  }
  return { written: true, replaced: before.map((v) => v.mapKey) };
}

/** What says whether stored views are up to date, and the picture each points to (not their texts). */
const VERSIONS = { privacyVersion: activityViews.privacyVersion, viewsVersion: activityViews.viewsVersion, mapKey: activityViews.mapKey };

/** Both views there, made under settings `version` by this code. */
const upToDate = (views: readonly { privacyVersion: number; viewsVersion: number }[], version: number) =>
  views.length === 2 && views.every((v) => v.privacyVersion === version && v.viewsVersion === VIEWS_VERSION);

/**
 * The pictures no view points to after a write: the new ones when nothing was written, else the ones replaced that the
 * new views do not use; each once (the two views may share one).
 */
export function unusedPictures(result: Written, made: Pictures): string[] {
  const keys = result.written ? result.replaced.filter((k) => k !== made.owner && k !== made.others) : [made.owner, made.others];
  return [...new Set(keys)].filter((k): k is string => k !== null);
}

/** The settings version of `userId` as it stands in `db` (0 without settings). */
async function privacyVersionOf(db: Db, userId: number) {
  const [row] = await db.select({ version: privacySettings.version }).from(privacySettings).where(eq(privacySettings.userId, userId)).limit(1);
  return row?.version ?? 0;
}

/** Map pictures no view points to any more: their rows now, their files by the file-removal job (retried until gone). */
export async function removePictures(deps: Pick<Deps, 'db' | 'clock'>, keys: readonly string[]) {
  if (keys.length === 0) return;
  await deps.db.transaction(async (tx) => {
    await tx.delete(uploads).where(and(inArray(uploads.key, [...keys]), eq(uploads.purpose, 'activity')));
    await enqueue(tx, deps.clock, REMOVE_FILES_JOB, { prefixes: keys.map(uploadPrefix) });
  });
}

type Wanted = { id: number; userId: number; hasStreams: boolean; audience: Audience };

/**
 * The views of `wanted` activities (the card and page parts: no track), each for its audience, made again first where
 * missing or made under older settings than the owner's now. Activities without streams have none (absent).
 */
export async function freshViews(deps: ViewsDeps, wanted: readonly Wanted[]): Promise<Map<number, StoredView>> {
  const rows = await freshRows(deps, wanted, { detail: activityViews.detail, hasHiddenParts: activityViews.hasHiddenParts, mapKey: activityViews.mapKey });
  return new Map([...rows].map(([id, { detail, hasHiddenParts, mapKey }]) => [id, { detail, hasHiddenParts, mapKey }]));
}

/**
 * `GET /api/getActivityCoordinate`'s read, the page's heaviest: the activity if `viewerId` may see it (the policy's
 * `viewableActivityCondition`, the rule `loadViewableActivity` asks), its track for the viewer's audience, and whether
 * that was made under the owner's settings now, in one prepared statement (P10: a read of its own and two built
 * statements had cost more than the track itself).
 */
const trackStatement = preparedOn((db) => {
  const viewer = sql.placeholder('viewerId');
  return db
    .select({
      id: activities.id,
      track: activityViews.track,
      current: sql<boolean>`coalesce(${activityViews.viewsVersion} = ${sql.raw(String(VIEWS_VERSION))} and ${activityViews.privacyVersion} = coalesce((select ${privacySettings.version}
        from ${privacySettings} where ${privacySettings.userId} = ${activities.userId}), 0), false)`,
      hasStreams: sql<boolean>`exists (select 1 from ${activityStreams} where ${activityStreams.activityId} = ${activities.id})`,
    })
    .from(activities)
    .leftJoin(
      activityViews,
      and(eq(activityViews.activityId, activities.id), eq(activityViews.audience, sql<Audience>`case when ${activities.userId} = ${viewer} then 'owner' else 'others' end`)),
    )
    .where(and(eq(activities.id, sql.placeholder('activityId')), viewableActivityCondition(viewer)))
    .limit(1)
    .prepare('activity_track');
});

/**
 * One activity's track for the viewer (the stored JSON text; none without streams), made again first as `freshViews`
 * does; undefined when it is missing or not theirs to see.
 */
export async function viewableTrack(deps: ViewsDeps, viewerId: number, activityId: number): Promise<{ id: number; track: string | null } | undefined> {
  const read = async () => (await trackStatement(deps.db).execute({ viewerId, activityId }))[0];
  let row = await read();
  if (row?.hasStreams && !row.current) {
    await makeViews(deps, row.id);
    row = await read();
  }
  return row && { id: row.id, track: row.current ? row.track : null };
}

/**
 * The wanted audience's row of each activity with the columns asked for, in one statement that also says whether it
 * was made under the owner's settings now (a page's views and a track are one read, not one per owner as well).
 */
async function freshRows<C extends Record<string, PgColumn>>(deps: ViewsDeps, wanted: readonly Wanted[], columns: C) {
  const withStreams = wanted.filter((w) => w.hasStreams);
  const out = new Map<number, { [K in keyof C]: C[K]['_']['data'] }>();
  if (withStreams.length === 0) return out;
  const read = () =>
    deps.db
      .select({
        ...columns,
        activityId: activityViews.activityId,
        current: sql<boolean>`${activityViews.viewsVersion} = ${VIEWS_VERSION} and ${activityViews.privacyVersion} = coalesce((select ${privacySettings.version}
          from ${privacySettings} where ${privacySettings.userId} = (select a.user_id from ${activities} a where a.id = ${activityViews.activityId})), 0)`,
      })
      .from(activityViews)
      .where(sql`(${activityViews.activityId}, ${activityViews.audience}) in (${sql.join(
        withStreams.map((w) => sql`(${w.id}::int, ${w.audience}::text)`),
        sql`, `,
      )})`);
  const pick = (rows: Awaited<ReturnType<typeof read>>) => {
    const stale: number[] = [];
    for (const w of withStreams) {
      const row = rows.find((r) => r.activityId === w.id);
      if (row?.current) out.set(w.id, row as never);
      else stale.push(w.id);
    }
    return stale;
  };
  const stale = pick(await read());
  if (stale.length === 0) return out;
  for (const id of stale) await makeViews(deps, id);
  pick(await read());
  return out;
}
