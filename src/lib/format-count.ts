const SUFFIXES = ['', 'K', 'M', 'B', 'T'] as const;

/** Spec §9: counts abbreviate with K, M, B, T and one decimal (`1.2K`, `3M`); under 1,000 they show as they are. */
export function formatCount(value: number): string {
  let scaled = value;
  let step = 0;
  while (Math.abs(scaled) >= 1000 && step < SUFFIXES.length - 1) {
    scaled /= 1000;
    step += 1;
  }
  let rounded = Math.round(scaled * 10) / 10;
  // 999,950 rounds to 1000.0K: that is 1M.
  if (Math.abs(rounded) >= 1000 && step < SUFFIXES.length - 1) {
    rounded = Math.round(rounded / 100) / 10;
    step += 1;
  }
  return `${rounded}${SUFFIXES[step]}`;
}
