import type { LngLat } from '#contract/map-routes';

/**
 * An activity as its file gives it (issue 21), whatever the format (GPX, TCX, FIT, or a live recording): one sample
 * per point, in time order, each stream the same length as `time`, `null` where a sample lacks that value. A stream
 * the file never has at all is absent, so "no heart rate" and "heart rate missing at one point" stay different. The
 * readers (gpx.ts in map-routes, tcx.ts, fit.ts) produce it; track/stats.ts computes the numbers from it.
 */
export type ActivityStreams = {
  /** Seconds since the epoch of each sample (UTC); a file without times has none and is refused by the readers. */
  time: number[];
  /** `[lng, lat]` of each sample; null where the device had no fix (indoors, tunnels). */
  position: (LngLat | null)[];
  /** Metres above sea level. */
  elevation?: (number | null)[];
  /** Beats a minute. */
  heartRate?: (number | null)[];
  /** Revolutions (cycling) or steps (running, per foot) a minute, as the device recorded it. */
  cadence?: (number | null)[];
  /** Watts. */
  power?: (number | null)[];
  /** Metres a second, as the device measured it (wheel sensor, GPS smoothing); computed speed comes from positions. */
  speed?: (number | null)[];
  /** Degrees Celsius. */
  temperature?: (number | null)[];
};

/** A lap as the file marks it (a button press, an auto-lap): sample indexes it spans, inclusive. */
export type FileLap = { startIndex: number; endIndex: number };

/** Totals a device computed itself (a FIT session message), kept to compare with ours and for what we cannot compute. */
export type DeviceTotals = { distanceM?: number; ascentM?: number; descentM?: number; calories?: number; movingS?: number; elapsedS?: number };

/** What a reader hands back: the streams, and what else the file says. */
export type ParsedActivity = {
  streams: ActivityStreams;
  laps: FileLap[];
  totals: DeviceTotals;
  /** The file's own name for it (GPX `<name>`), '' when none. */
  name: string;
  /** The file's sport as it names it (FIT `sport`, TCX `Sport`, GPX `<type>`), lower-case; null when it says none. */
  sport: string | null;
  /** A finer sport where the file has one (FIT `sub_sport`: `mountain`, `trail`, `treadmill`…), lower-case; else null. */
  subSport: string | null;
};
