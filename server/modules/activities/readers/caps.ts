import { fieldError, type AppError } from '../../../lib/errors';

/** What a reader may take from one file, and how it says no past each limit (check 16: GPS files have caps). */
export type FileCaps = {
  /** Bytes of the file as read (after any gzip is undone). */
  maxBytes: number;
  /** Samples (track points, FIT records) in the file. */
  maxPoints: number;
  tooLarge: () => AppError;
  tooManyPoints: () => AppError;
};

/** An activity file, after decompression (issue 21: say 50 MB). */
export const ACTIVITY_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Points of one activity (issue 21: say 200 k a track); a day-long ride at one point a second is 86,400. */
export const ACTIVITY_POINTS_MAX = 200_000;

export const activityCaps: FileCaps = {
  maxBytes: ACTIVITY_FILE_MAX_BYTES,
  maxPoints: ACTIVITY_POINTS_MAX,
  tooLarge: () =>
    fieldError('file', `That file is too large: an activity file can be up to ${ACTIVITY_FILE_MAX_BYTES / 1024 / 1024} MB, unzipped.`, 413),
  tooManyPoints: () =>
    fieldError('file', `That file has too many points: an activity can have up to ${ACTIVITY_POINTS_MAX.toLocaleString('en-US')} points.`),
};
