/**
 * An event's wall-clock times in its own IANA zone, from the runtime's time-zone data (Intl): the zone's name checked
 * and made canonical, an instant's local date and time, the zone's offset, and the instants its offset changes (for
 * the calendar file's VTIMEZONE). No zone table of our own: the runtime's follows tzdata updates.
 */

export type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's canonical name (`europe/berlin` -> `Europe/Berlin`), or null when the runtime does not know it. */
export function canonicalZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The date and time on a clock in `zone` at the instant `at`. */
export function localParts(at: Date, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  // Years before 1 come out as era years; events never are, so the parts are read as they stand.
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** `zone`'s offset from UTC at `at`, in seconds (east positive): +7200 for Berlin in summer. */
export function offsetSeconds(at: Date, zone: string): number {
  const p = localParts(at, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 1000);
}

/** `hh:mm AM/PM` on a clock in `zone` (spec §3 startTime/endTime). Built from parts: ICU puts a narrow space before AM. */
export function clockTime(at: Date, zone: string): string {
  const { hour, minute } = localParts(at, zone);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(h12).padStart(2, '0')}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** One change of a zone's offset: at the instant `at`, clocks went from `from` to `to` seconds east of UTC. */
export type OffsetChange = { at: Date; from: number; to: number };

const DAY_MS = 86_400_000;

/**
 * Every change of `zone`'s offset from the start of `fromYear` to the end of `toYear` (UTC years), in order. The
 * zone is sampled daily, then each change found is narrowed to the second by bisection: zones change offset at most
 * a few times a year and never twice within a day.
 */
export function offsetChanges(zone: string, fromYear: number, toYear: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  const end = Date.UTC(toYear + 1, 0, 1);
  let t = Date.UTC(fromYear, 0, 1);
  let offset = offsetSeconds(new Date(t), zone);
  while (t < end) {
    const next = Math.min(t + DAY_MS, end);
    const nextOffset = offsetSeconds(new Date(next), zone);
    if (nextOffset !== offset) {
      // The offset is `offset` at lo and `nextOffset` at hi; the change happens in (lo, hi].
      let lo = t;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000;
        if (mid <= lo) break;
        if (offsetSeconds(new Date(mid), zone) === offset) lo = mid;
        else hi = mid;
      }
      changes.push({ at: new Date(hi), from: offset, to: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return changes;
}
