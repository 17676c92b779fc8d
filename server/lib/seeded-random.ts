/**
 * A seeded uniform generator in [0, 1) (mulberry32): the same seed gives the same numbers on every run, so the tracks,
 * zones and rides that tests, benchmarks and the demo world generate are the same each time. Never for secrets (the
 * privacy zones' offsets use the CSPRNG).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
