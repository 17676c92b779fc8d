/** A count as a badge shows it: capped at "99+", so the badge keeps its size. */
export function badgeText(count: number) {
  return count > 99 ? '99+' : String(count);
}
