import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { activities, activityStreams, activityViews, privacySettings } from '../../db/schema/activities';
import { uploads } from '../../db/schema/media';
import { enqueue } from '../../jobs/queue';
import { REMOVE_FILES_JOB } from '../account/delete-service';
import { storePreviewUpload } from '../map-routes/route-preview';
import { uploadPrefix } from '../media/upload-files';
import { memberPrivacy } from './privacy/privacy-service';
import type { DerivedView } from './worker/activity-tasks';

/**
 * An activity's two views (issue 21, check 19), stored: what the owner sees and what everyone else sees, each made in
 * the activity worker from the streams and the owner's privacy settings, with its map picture (an upload of purpose
 * `activity`, which media-policy.ts serves by its view's audience). A view is made under one version of the owner's
 * settings (`privacy_version`); a read that finds an older one makes it again before answering (`freshViews`), so a
 * zone saved a moment ago already holds, whatever the refresh job has reached.
 */

export type Audience = 'owner' | 'others';
export type StoredView = { detail: string; track: string; hasHiddenParts: boolean; mapKey: string | null };

type ViewsDeps = Pick<Deps, 'db' | 'storage' | 'clock' | 'activityWorker'>;

/**
 * Makes and stores both views of `activityId` under the owner's current settings; nothing when the activity has no
 * streams (typed in by hand) or is gone. The worker runs before any lock is taken; the write then happens only if no
 * view of this version was stored meanwhile (two readers racing keep one), and the pictures it replaces are removed.
 */
export async function makeViews(deps: ViewsDeps, activityId: number): Promise<void> {
  const [row] = await deps.db
    .select({ userId: activities.userId, sportId: activities.sportId, data: activityStreams.data, laps: activityStreams.laps, totals: activityStreams.deviceTotals })
    .from(activities)
    .innerJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(eq(activities.id, activityId))
    .limit(1);
  if (!row) return;
  const privacy = await memberPrivacy(deps.db, row.userId);
  // Made already under these settings (a read made them, or an earlier run of the refresh job): nothing to do.
  const current = await deps.db.select({ version: activityViews.privacyVersion }).from(activityViews).where(eq(activityViews.activityId, activityId));
  if (current.length === 2 && current.every((v) => v.version === privacy.version)) return;
  const derived = await deps.activityWorker.derive({
    activityId,
    sportId: row.sportId,
    streams: row.data,
    laps: row.laps,
    totals: row.totals,
    zones: privacy.zones,
    hideEndsM: privacy.hideEndsM,
  });
  const now = deps.clock.now();
  const picture = async (view: DerivedView) =>
    view.picture ? storePreviewUpload(deps, row.userId, 'activity', Buffer.from(view.picture.buffer, view.picture.byteOffset, view.picture.byteLength), now) : null;
  // Without hidden parts everyone sees what the owner sees: one picture serves both views (media-policy.ts then
  // serves it by the rules of everyone else's view).
  const ownerPicture = await picture(derived.owner);
  const made = { owner: ownerPicture, others: derived.owner.hasHiddenParts ? await picture(derived.others) : ownerPicture };
  const unused = await deps.db.transaction(async (tx) => {
    // The activity row's lock orders writers of its views; one deleted meanwhile takes its views with it.
    const [locked] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, activityId)).for('update');
    const version = locked ? await privacyVersionOf(tx, row.userId) : undefined;
    if (version !== privacy.version) return [made.owner, made.others];
    const before = await tx.select().from(activityViews).where(eq(activityViews.activityId, activityId));
    if (before.length === 2 && before.every((v) => v.privacyVersion === privacy.version)) return [made.owner, made.others];
    for (const audience of ['owner', 'others'] as const) {
      const view = derived[audience];
      const values = { privacyVersion: privacy.version, hasHiddenParts: view.hasHiddenParts, detail: view.detail, track: view.track, mapKey: made[audience] };
      await tx
        .insert(activityViews)
        .values({ activityId, audience, ...values })
        .onConflictDoUpdate({ target: [activityViews.activityId, activityViews.audience], set: values });
    }
    return before.map((v) => v.mapKey);
  });
  // A picture is removed once, and only when no view points to it now (the two views may share one).
  const kept = new Set([made.owner, made.others]);
  await removePictures(deps, [...new Set(unused)].filter((k): k is string => k !== null && !kept.has(k)));
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

/**
 * The views of `wanted` activities, each for its audience, made again first where missing or made under older
 * settings than the owner's now. Activities without streams have none (absent from the answer).
 */
export async function freshViews(deps: ViewsDeps, wanted: readonly { id: number; userId: number; hasStreams: boolean; audience: Audience }[]): Promise<Map<number, StoredView>> {
  const withStreams = wanted.filter((w) => w.hasStreams);
  if (withStreams.length === 0) return new Map();
  const read = async () => {
    const rows = await deps.db
      .select()
      .from(activityViews)
      .where(inArray(activityViews.activityId, withStreams.map((w) => w.id)));
    return rows;
  };
  const versions = new Map<number, number>();
  for (const userId of new Set(withStreams.map((w) => w.userId))) versions.set(userId, await privacyVersionOf(deps.db, userId));
  const pick = (rows: Awaited<ReturnType<typeof read>>) => {
    const out = new Map<number, StoredView>();
    const stale: number[] = [];
    for (const w of withStreams) {
      const view = rows.find((r) => r.activityId === w.id && r.audience === w.audience);
      if (!view || view.privacyVersion !== versions.get(w.userId)) stale.push(w.id);
      else out.set(w.id, { detail: view.detail, track: view.track, hasHiddenParts: view.hasHiddenParts, mapKey: view.mapKey });
    }
    return { out, stale };
  };
  const first = pick(await read());
  if (first.stale.length === 0) return first.out;
  for (const id of first.stale) await makeViews(deps, id);
  return pick(await read()).out;
}
