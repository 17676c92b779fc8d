/** The benchmarks' summaries: on a shared, noisy machine their figures are medians and percentiles, never means. */

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('the median of nothing');
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at fraction `p` (0-1) of the sorted values: the nearest rank at or below. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) throw new Error('the percentile of nothing');
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** A load's latencies (ms) over `seconds`: count, rate, p50 and p99 (Infinity when nothing answered), sorted. */
export function latencySummary(latencies: number[], seconds: number) {
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: latencies.length ? percentile(latencies, 0.5) : Infinity,
    p99: latencies.length ? percentile(latencies, 0.99) : Infinity,
    latencies,
  };
}

/** Least-squares slope of y over x. */
export function slope(xs: number[], ys: number[]) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
