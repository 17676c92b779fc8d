import { createHash } from 'node:crypto';
import type { LngLat } from '#contract/map-routes';
import { AppError } from '../../../lib/errors';
import { drawRoutePreview } from '../../map-routes/preview-drawing';
import { simplifyLine } from '../../map-routes/simplify';
import { trimmedForOthers, type StoredZone } from '../privacy/privacy-zones';
import { readActivityFile } from '../readers/read-activity';
import type { StravaActivityMeta } from '../readers/strava-csv';
import { defaultTitle } from '../track/default-title';
import { sportIdOf } from '../track/file-sport';
import { activityStats } from '../track/stats';
import { decodeStreams, encodeStreams } from '../track/stream-codec';
import type { DeviceTotals, FileLap } from '../track/streams';
import { measureTrack } from '../track/track-measure';
import { activityGpx } from '../views/activity-gpx';
import { deriveViews, type AudienceView } from '../views/derive-views';

/**
 * The CPU-bound work of activities (issue 21), run in worker threads (activity-worker.ts) so that reading a 50 MB
 * file or trimming a 20 k-point track never blocks the server's event loop: reading a file into streams and numbers,
 * and making an activity's two views with their map pictures. Plain data in and out (structured clone).
 */

/** Points of the simplified whole line kept on the activity row, for matching it against event routes. */
const LINE_POINTS = 300;

export type ParseTask = {
  kind: 'parse';
  bytes: Uint8Array;
  fileName: string;
  /** The member's zone, for the default title ("Morning ride"). */
  timeZone: string;
  /** What a Strava export's activities.csv says of this file. */
  meta: StravaActivityMeta | null;
  /** The member's sports, the first taken when the file names none. */
  memberSports: readonly number[];
  /** The sport as the member already said it (a live session's): over whatever the file says. */
  sportId?: number | undefined;
  /** The member's privacy settings: given, the activity's two views are made in the same pass (an import's). */
  privacy?: { zones: StoredZone[]; hideEndsM: number } | undefined;
};

/** The numbers an activity's row keeps (server/db/schema/activities.ts), in SI units. */
export type RowStats = {
  distanceM: number;
  movingS: number;
  elapsedS: number;
  elevationGainM: number | null;
  elevationLossM: number | null;
  averageSpeedMps: number | null;
  maxSpeedMps: number | null;
  averageHeartRate: number | null;
  maxHeartRate: number | null;
  averagePower: number | null;
  maxPower: number | null;
  averageCadence: number | null;
  calories: number | null;
  caloriesSource: 'device' | 'power' | null;
};

export type ParsedFile =
  | {
      ok: true;
      sha256: string;
      sportId: number;
      title: string;
      description: string;
      startAt: number;
      stats: RowStats;
      hasTrack: boolean;
      line: LngLat[] | null;
      streams: Uint8Array;
      laps: FileLap[];
      totals: DeviceTotals;
      /** The two views, when the task was given the member's privacy settings. */
      views: Derived | null;
    }
  | { ok: false; sha256: string; reason: string; status: number };

export type DeriveTask = {
  kind: 'derive';
  sportId: number;
  streams: Uint8Array;
  laps: FileLap[];
  totals: DeviceTotals;
  zones: StoredZone[];
  hideEndsM: number;
};

/** One audience's view as stored: JSON text served as it is, and the raw pixels of its map picture (null: no line). */
export type DerivedView = { detail: string; track: string; hasHiddenParts: boolean; picture: Uint8Array | null };
export type Derived = { owner: DerivedView; others: DerivedView };

/** An activity as a GPX file: the whole of it for the owner, else trimmed at the owner's zones and hidden ends. */
export type GpxTask = {
  kind: 'gpx';
  streams: Uint8Array;
  title: string;
  description: string;
  /** Null for the owner; else what to hide. */
  trim: { zones: StoredZone[]; hideEndsM: number } | null;
};

export type ActivityTask = ParseTask | DeriveTask | GpxTask;

export function runActivityTask(task: ParseTask): ParsedFile;
export function runActivityTask(task: DeriveTask): Derived;
export function runActivityTask(task: GpxTask): string;
export function runActivityTask(task: ActivityTask): ParsedFile | Derived | string;
export function runActivityTask(task: ActivityTask): ParsedFile | Derived | string {
  switch (task.kind) {
    case 'parse':
      return parseFile(task);
    case 'derive':
      return derive(task);
    case 'gpx':
      return gpx(task);
  }
}

function gpx(task: GpxTask): string {
  const streams = decodeStreams(task.streams);
  if (!task.trim) return activityGpx(streams, { title: task.title, description: task.description, breaks: [] });
  const trimmed = trimmedForOthers(streams, task.trim.zones, task.trim.hideEndsM);
  return activityGpx(trimmed.streams, { title: task.title, description: task.description, breaks: trimmed.breaks });
}

function parseFile(task: ParseTask): ParsedFile {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let parsed;
  try {
    parsed = readActivityFile(bytes, task.fileName);
  } catch (error) {
    // A refusal says why in words; anything else is a file the readers could not make sense of.
    if (error instanceof AppError) return { ok: false, sha256, reason: error.message, status: error.statusCode };
    return { ok: false, sha256, reason: 'This file could not be read: it may be damaged or incomplete.', status: 400 };
  }
  const { streams } = parsed;
  const sportId = task.sportId ?? sportIdOf(task.meta?.sport ?? parsed.sport, parsed.subSport) ?? task.memberSports[0] ?? 59;
  const measure = measureTrack(streams, sportId);
  const stats = activityStats(streams, { sportId, laps: parsed.laps, totals: parsed.totals, measure });
  const startAt = streams.time[0]!;
  const fixes = streams.position.filter((p): p is LngLat => p !== null);
  return {
    ok: true,
    sha256,
    sportId,
    title: (task.meta?.title || parsed.name || defaultTitle(startAt, sportId, task.timeZone)).trim().slice(0, 120),
    description: (task.meta?.description ?? '').trim().slice(0, 5000),
    startAt,
    stats: {
      distanceM: stats.distanceM,
      movingS: Math.round(stats.movingS),
      elapsedS: Math.round(stats.elapsedS),
      elevationGainM: stats.elevationGainM,
      elevationLossM: stats.elevationLossM,
      averageSpeedMps: stats.averageSpeedMps,
      maxSpeedMps: stats.maxSpeedMps,
      averageHeartRate: stats.averageHeartRate,
      maxHeartRate: stats.maxHeartRate,
      averagePower: stats.averagePower,
      maxPower: stats.maxPower,
      averageCadence: stats.averageCadence,
      calories: stats.calories,
      caloriesSource: stats.caloriesSource,
    },
    hasTrack: fixes.length >= 2,
    line: fixes.length >= 2 ? simplifyLine(fixes, 10, LINE_POINTS).points : null,
    streams: encodeStreams(streams),
    laps: parsed.laps,
    totals: parsed.totals,
    views: task.privacy ? storedViews(deriveViews({ sportId, streams, laps: parsed.laps, totals: parsed.totals, ...task.privacy, whole: { measure, stats } })) : null,
  };
}

function derive(task: DeriveTask): Derived {
  return storedViews(deriveViews({ ...task, streams: decodeStreams(task.streams) }));
}

function storedViews(views: { owner: AudienceView; others: AudienceView }): Derived {
  const owner = stored(views.owner);
  // Without hidden parts everyone else sees what the owner does: one text and one picture serve both views.
  return { owner, others: views.owner.hasHiddenParts ? stored(views.others) : owner };
}

function stored(view: AudienceView): DerivedView {
  return {
    detail: JSON.stringify(view.detail),
    track: JSON.stringify(view.track),
    hasHiddenParts: view.hasHiddenParts,
    picture: view.pieces.length > 0 ? drawRoutePreview(view.pieces) : null,
  };
}
