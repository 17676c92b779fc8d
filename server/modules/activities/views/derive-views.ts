import type { ActivityDetail, ActivitySplit } from '#contract/activities';
import type { LngLat } from '#contract/map-routes';
import { simplifyLine } from '../../map-routes/simplify';
import { hiddenMask, trimmedForOthers, type StoredZone } from '../privacy/privacy-zones';
import type { SplitStats } from '../track/splits';
import { activityStats, type ActivityStats } from '../track/stats';
import type { ActivityStreams, DeviceTotals, FileLap } from '../track/streams';
import { GAP_S, measureTrack, type TrackMeasure } from '../track/track-measure';
import { seriesOf, trackPayload, type StoredTrack } from './track-payload';

/** The detail fields an audience's view holds (the rest of `activityDetail` comes from the activity's row). */
export type ViewDetail = Pick<ActivityDetail, 'splits' | 'laps' | 'heartRateZones' | 'elevationMin' | 'elevationMax' | 'series'>;

/** What one audience is shown of an activity: the detail's numbers, the track, and the line its map picture draws. */
export type AudienceView = { detail: ViewDetail; track: StoredTrack; hasHiddenParts: boolean; pieces: LngLat[][] };

export type ViewInput = {
  sportId: number;
  streams: ActivityStreams;
  laps: readonly FileLap[];
  totals: DeviceTotals;
  zones: readonly StoredZone[];
  hideEndsM: number;
  /** What the caller computed of the whole streams already (an import has), so the owner's view needs no second pass. */
  whole?: { measure: TrackMeasure; stats: ActivityStats };
};

/** Vertices of each piece of a map picture: a 640 px picture shows no more. */
const PICTURE_POINTS = 500;

/**
 * The version of what deriveViews makes. Raise it with any change to a view's numbers, track or picture: views made
 * by an older version are made again when next read or refreshed (activity-views.ts), as after a change of settings.
 * 1: speed measured from the neighbours where samples are sparser than its window.
 */
export const VIEWS_VERSION = 1;

/**
 * An activity's two views (issue 21, check 19): the owner's, made from the whole streams with what others miss marked,
 * and everyone else's, made only from `trimmedForOthers`, so no position, time, distance marker, split or bound from
 * inside a zone or a hidden end is in it. Pure and CPU-bound: it runs in the activity worker
 * (worker/activity-tasks.ts).
 */
export function deriveViews(input: ViewInput): { owner: AudienceView; others: AudienceView } {
  const { streams, sportId, zones, hideEndsM } = input;
  const hidden = hiddenMask(streams, zones, hideEndsM);
  const hasHiddenParts = hidden.some((h) => h === 1);
  const ownerMeasure = input.whole?.measure ?? measureTrack(streams, sportId);
  const owner: AudienceView = {
    detail: detailOf(streams, ownerMeasure, { sportId, laps: input.laps, totals: input.totals }, input.whole?.stats),
    track: trackPayload(streams, ownerMeasure, { hidden: hasHiddenParts ? hidden : undefined }),
    hasHiddenParts,
    pieces: pictureLine(streams, []),
  };
  if (!hasHiddenParts) return { owner, others: owner };

  const trimmed = trimmedForOthers(streams, zones, hideEndsM);
  const shown = trimmed.streams;
  const measure = measureTrack(shown, sportId);
  const others: AudienceView = {
    detail: detailOf(shown, measure, { sportId, laps: lapsAfterTrim(input.laps, hidden), totals: {} }),
    track: trackPayload(shown, measure, { breaks: trimmed.breaks }),
    hasHiddenParts,
    pieces: pictureLine(shown, trimmed.breaks),
  };
  return { owner, others };
}

function detailOf(streams: ActivityStreams, measure: TrackMeasure, options: { sportId: number; laps: readonly FileLap[]; totals: DeviceTotals }, known?: ActivityStats): ViewDetail {
  if (streams.time.length === 0) return { splits: { metric: [], imperial: [] }, laps: [], heartRateZones: null, elevationMin: null, elevationMax: null, series: [] };
  const stats = known ?? activityStats(streams, { ...options, measure });
  return {
    splits: { metric: stats.splits.metric.map(wireSplit), imperial: stats.splits.imperial.map(wireSplit) },
    laps: stats.laps.map(wireSplit),
    heartRateZones: stats.heartRateZones,
    elevationMin: stats.elevationMinM,
    elevationMax: stats.elevationMaxM,
    series: seriesOf(streams, measure),
  };
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

function wireSplit(s: SplitStats): ActivitySplit {
  return {
    distance: r1(s.distanceM)!,
    elapsedTime: r1(s.elapsedS)!,
    movingTime: r1(s.movingS)!,
    elevationChange: r1(s.elevationChangeM),
    averageHeartRate: r1(s.averageHeartRate),
    averagePower: r1(s.averagePower),
    averageCadence: r1(s.averageCadence),
  };
}

/**
 * The file's laps over the samples others see: each lap keeps the samples of it still shown (renumbered), and a lap
 * wholly hidden is left out, so no lap's numbers are taken over a hidden stretch.
 */
export function lapsAfterTrim(laps: readonly FileLap[], hidden: Uint8Array): FileLap[] {
  const newIndex = new Int32Array(hidden.length);
  for (let i = 0, k = 0; i < hidden.length; i++) {
    newIndex[i] = k;
    if (!hidden[i]) k++;
  }
  const out: FileLap[] = [];
  for (const { startIndex, endIndex } of laps) {
    let first = startIndex;
    while (first <= endIndex && hidden[first]) first++;
    let last = endIndex;
    while (last >= first && hidden[last]) last--;
    if (first <= last && last < hidden.length) out.push({ startIndex: newIndex[first]!, endIndex: newIndex[last]! });
  }
  return out;
}

/** The line a map picture draws: runs of fixes, cut at breaks, recording gaps and samples without a fix, simplified. */
function pictureLine(streams: ActivityStreams, breaks: readonly number[]): LngLat[][] {
  const cut = new Set(breaks);
  const pieces: LngLat[][] = [];
  let piece: LngLat[] = [];
  for (let i = 0; i < streams.time.length; i++) {
    const p = streams.position[i];
    const gap = i > 0 && streams.time[i]! - streams.time[i - 1]! > GAP_S;
    if (!p || cut.has(i) || gap) {
      if (piece.length > 1) pieces.push(piece);
      piece = [];
    }
    if (p) piece.push(p);
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces.map((line) => simplifyLine(line, 5, PICTURE_POINTS).points);
}
