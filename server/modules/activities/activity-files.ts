import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { activities, activityStreams } from '../../db/schema/activities';
import { notFound } from '../../lib/errors';
import { ACTIVITY_NOT_FOUND, loadOwnActivity, loadViewableActivity } from '../../policy/activity-access';
import { gpxFileName } from '../map-routes/gpx-export';
import { viewableTrack } from './activity-views';
import { memberPrivacy } from './privacy/privacy-service';
import { safeFileName } from '../../lib/file-names';

type FileDeps = Pick<Deps, 'db' | 'storage' | 'clock' | 'activityWorker'>;

/** What an activity without a track answers for it: nothing to draw (a stored track, without the id). */
const NO_TRACK = JSON.stringify({ coordinates: [], distance: [], time: [], breaks: [], hiddenRanges: [], bounds: null, series: {} });

/**
 * `GET /api/getActivityCoordinate`: the viewer's view of the track (the owner's, or everyone else's trimmed one), as
 * the JSON text it was stored as. 404 for an activity the viewer may not see.
 */
export async function activityTrackJson(deps: FileDeps, viewerId: number, activityId: number): Promise<string> {
  const found = await viewableTrack(deps, viewerId, activityId);
  if (!found) throw notFound(ACTIVITY_NOT_FOUND);
  // The stored text is the track without its activity's id (views are made before the row has one): put in front.
  return `{"activityId":${found.id},${(found.track ?? NO_TRACK).slice(1)}`;
}

/**
 * `GET /api/activity/:id/gpx`: the activity as a GPX file, written in the worker from the streams: whole for the
 * owner, trimmed at the owner's zones and hidden ends for anyone else (check 19). 404 when there is no track.
 */
export async function activityGpxFile(deps: FileDeps, viewerId: number, activityId: number) {
  const row = await loadViewableActivity(deps.db, viewerId, activityId);
  const [found] = await deps.db
    .select({ title: activities.title, description: activities.description, data: activityStreams.data })
    .from(activities)
    .innerJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(eq(activities.id, row.id))
    .limit(1);
  if (!found) throw notFound('This activity has no track to download.');
  const trim = row.userId === viewerId ? null : await memberPrivacy(deps.db, row.userId);
  const body = await deps.activityWorker.gpx({
    streams: found.data,
    title: found.title,
    description: found.description,
    trim: trim && { zones: trim.zones, hideEndsM: trim.hideEndsM },
  });
  return { name: gpxFileName(found.title, row.id), body };
}

/** `GET /api/activity/:id/original`: the file it was imported from, its owner only (anyone else's is a 404). */
export async function activityOriginalFile(deps: FileDeps, viewerId: number, activityId: number) {
  const own = await loadOwnActivity(deps.db, viewerId, activityId);
  const [row] = await deps.db.select({ key: activities.originalKey, name: activities.originalName }).from(activities).where(eq(activities.id, own.id)).limit(1);
  const stored = row?.key ? await deps.storage.get(row.key) : null;
  if (!row?.key || !stored) throw notFound('This activity was not imported from a file.');
  // A Content-Disposition file name: the member's name for it, made safe.
  const name = safeFileName(row.name, 'activity');
  return { name, stream: stored.stream, size: stored.size };
}
