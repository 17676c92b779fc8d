import type { LngLat } from '#contract/map-routes';
import { cumulativeDistances } from '../map-routes/geodesy';

/**
 * Where to ask a provider for a line's elevations: at most `maxSamples` points spread evenly along the line's length
 * (first and last included), and how to spread the answers back over every point of the line by linear
 * interpolation along the distance. A line with no more points than that is asked about point by point.
 */
export function sampleLine(points: readonly LngLat[], maxSamples: number) {
  if (points.length <= maxSamples) {
    return { samples: [...points], spread: (values: readonly number[]) => [...values] };
  }
  const along = cumulativeDistances(points);
  const total = along.at(-1)!;
  if (total === 0) {
    // Every point is the same place: one question answers all.
    return { samples: [points[0]!], spread: (values: readonly number[]) => points.map(() => values[0]!) };
  }
  const count = Math.max(2, maxSamples);
  const at = Array.from({ length: count }, (_, k) => (total * k) / (count - 1));
  const samples: LngLat[] = [];
  let seg = 0;
  for (const d of at) {
    while (seg < points.length - 2 && along[seg + 1]! < d) seg++;
    const span = along[seg + 1]! - along[seg]!;
    const f = span > 0 ? Math.min(1, Math.max(0, (d - along[seg]!) / span)) : 0;
    const [a, b] = [points[seg]!, points[seg + 1]!];
    samples.push([wrapLng(a[0] + lngStep(a[0], b[0]) * f), a[1] + (b[1] - a[1]) * f]);
  }
  const spread = (values: readonly number[]) => {
    const out: number[] = [];
    let k = 0;
    for (const d of along) {
      while (k < count - 2 && at[k + 1]! < d) k++;
      const span = at[k + 1]! - at[k]!;
      const f = span > 0 ? Math.min(1, Math.max(0, (d - at[k]!) / span)) : 0;
      out.push(values[k]! + (values[k + 1]! - values[k]!) * f);
    }
    return out;
  };
  return { samples, spread };
}

/** The shorter way east or west from one longitude to the next (a line may cross the antimeridian). */
function lngStep(from: number, to: number) {
  const d = to - from;
  return d > 180 ? d - 360 : d < -180 ? d + 360 : d;
}

const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
