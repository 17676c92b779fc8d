import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * An event's wall-clock times in its own IANA zone, from the runtime's time-zone data through @date-fns/tz: the
 * zone's name checked and made canonical, an instant's local date and time, the zone's offset, and the instants its
 * offset changes (for the calendar file's VTIMEZONE). No zone table of our own: the runtime's follows tzdata updates.
 */

export type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

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
  const wall = new TZDate(at.getTime(), zone);
  // TZDate is an invalid date for a zone it cannot read; Intl threw a RangeError for one, and so do we.
  if (Number.isNaN(wall.getTime())) throw new RangeError(`Invalid time zone specified: ${zone}`);
  return { year: wall.getFullYear(), month: wall.getMonth() + 1, day: wall.getDate(), hour: wall.getHours(), minute: wall.getMinutes(), second: wall.getSeconds() };
}

/** `zone`'s offset from UTC at `at`, in seconds (east positive): +7200 for Berlin in summer. */
export function offsetSeconds(at: Date, zone: string): number {
  // tzOffset answers in minutes, with the seconds of an old local mean time as a fraction (+00:53:28 is 53.47). In
  // 1.5.0 it drops the minus of an offset between -01:00 and 00:00 (since 1970 only Liberia's -00:44:30, until
  // January 1972), and TZDate with it: date-fns/date-fns#4279.
  const minutes = tzOffset(zone, at);
  if (Number.isNaN(minutes)) throw new RangeError(`Invalid time zone specified: ${zone}`);
  return Math.round(minutes * 60);
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
 * a few times a year and never twice within a day. Not @date-fns/tz's tzScan: it narrows a change to a whole UTC
 * hour only (Adelaide, St John's and Lord Howe change at half past a UTC hour, and it puts those changes 30 minutes
 * late), and it samples monthly first, so it misses a change and its reversal within one month.
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
