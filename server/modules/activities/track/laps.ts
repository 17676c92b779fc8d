import { summariseRange, type SplitStats } from './splits';
import type { ActivityStreams, FileLap } from './streams';
import type { TrackMeasure } from './track-measure';

/**
 * The file's laps with a split's numbers. A lap's last sample and the next lap's first are neighbours, and the step
 * between them belongs to the earlier lap (the button was pressed after its last sample), so laps that follow each
 * other add up to the whole activity. Laps outside the samples or backwards are left out.
 */
export function activityLaps(streams: ActivityStreams, measure: TrackMeasure, laps: readonly FileLap[]): SplitStats[] {
  const n = streams.time.length;
  const out: SplitStats[] = [];
  for (let i = 0; i < laps.length; i++) {
    const { startIndex, endIndex } = laps[i]!;
    if (!(startIndex >= 0 && endIndex >= startIndex && endIndex < n)) continue;
    const next = laps[i + 1];
    const end = next && next.startIndex === endIndex + 1 ? next.startIndex : endIndex;
    out.push(summariseRange(streams, measure, startIndex, end));
  }
  return out;
}
