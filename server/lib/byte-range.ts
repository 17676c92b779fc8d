/**
 * The one byte range of a `Range: bytes=start-end` or `bytes=start-` header, for serving video (the player asks for
 * its first bytes, then whatever it seeks to). Anything else (several ranges, a suffix `bytes=-500`, another unit,
 * nonsense) is null: the whole file is served with 200, which RFC 9110 allows a server to do with any Range it does
 * not take, and which every player accepts.
 */
export function parseRange(header: string | undefined): { start: number; end?: number } | null {
  const match = header ? /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return null;
  const start = Number(match[1]);
  if (match[2] === '') return { start };
  const end = Number(match[2]);
  return end >= start ? { start, end } : null;
}
