/**
 * Where a key moves the selection in a WAI-ARIA tablist of `count` tabs: arrows step (wrapping round), Home and End
 * jump to the ends. Undefined for any other key, which the tablist leaves alone.
 */
export function tabKeyTarget(key: string, selected: number, count: number): number | undefined {
  const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: count - 1 };
  const target = moves[key];
  return target === undefined ? undefined : (target + count) % count;
}
