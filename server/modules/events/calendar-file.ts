import type { Repeats } from '#contract/events';
import { localParts, offsetChanges, offsetSeconds, type OffsetChange } from './time-zone';

/**
 * An event as an iCalendar file (RFC 5545) for "add to calendar": one VEVENT whose start and end are wall-clock times
 * in the event's own zone (`DTSTART;TZID=Europe/Berlin:20250704T090000`), with a VTIMEZONE describing that zone, so a
 * calendar shows 09:00 in Berlin whatever zone its owner is in, and a weekly repeat stays at 09:00 across the change
 * to and from summer time. Text is escaped and lines folded at 75 octets as the RFC asks.
 */

export type CalendarEvent = {
  id: number;
  name: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  repeats: Repeats;
  /** The place as people read it: meeting point, city, state, zip, country (empty parts left out). */
  place: string;
  latitude: number | null;
  longitude: number | null;
  cancelled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** Years of the zone's offset changes written for a repeating event: its RRULE has no end, and a calendar keeps the
 * last observance after the ones listed, so ten years of summer times keep a weekly ride right for ten years. */
const REPEAT_YEARS = 10;

const CRLF = '\r\n';

/** Control characters TEXT may not hold (tab it may: RFC 5545 3.3.11 TSAFE-CHAR). */
const isControl = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return (c < 0x20 && c !== 0x09) || c === 0x7f;
};

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeText(value: string) {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
  return [...escaped].filter((ch) => !isControl(ch)).join('');
}

/** A content line folded to 75 octets (RFC 5545 3.1), never inside a UTF-8 sequence; continuations start with a space. */
export function foldLine(line: string) {
  if (Buffer.byteLength(line) <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
      // The leading space of a continuation line counts toward its 75.
      limit = 74;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDTHHMMSSZ`. */
function utcStamp(at: Date) {
  return `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

/** `YYYYMMDDTHHMMSS`, a local time with no zone of its own (the TZID says which). */
function localStamp(p: { year: number; month: number; day: number; hour: number; minute: number; second: number }) {
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** The wall-clock time `offset` seconds east of UTC at instant `at`. */
function wallClock(at: Date, offset: number) {
  const t = new Date(at.getTime() + offset * 1000);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), hour: t.getUTCHours(), minute: t.getUTCMinutes(), second: t.getUTCSeconds() };
}

/** `+HHMM` (or `+HHMMSS` for the rare offset with seconds). */
function utcOffset(seconds: number) {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  const s = abs % 60;
  return `${sign}${pad(Math.floor(abs / 3600))}${pad(Math.floor((abs % 3600) / 60))}${s ? pad(s) : ''}`;
}

/** The zone's short name just after `at` ("CEST", or "GMT+2" where the runtime has no abbreviation). */
function zoneName(at: Date, zone: string) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/**
 * The VTIMEZONE of `zone` for the instants from `startsAt` through the end of `lastYear`. One observance from 1970 at
 * the offset in force at the start of the year before the event (so times before the first change listed are
 * covered), then one STANDARD or DAYLIGHT per kind of change (offset from, offset to), starting at its first change,
 * with the later ones as RDATEs. A change to a larger offset is DAYLIGHT; Intl does not say which is which, and a
 * calendar only needs the offsets right.
 */
function timeZoneLines(zone: string, startsAt: Date, lastYear: number): string[] {
  const fromYear = startsAt.getUTCFullYear() - 1;
  const base = offsetSeconds(new Date(Date.UTC(fromYear, 0, 1)), zone);
  const changes = offsetChanges(zone, fromYear, lastYear);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  lines.push(
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${utcOffset(base)}`,
    `TZOFFSETTO:${utcOffset(base)}`,
    `TZNAME:${escapeText(zoneName(new Date(Date.UTC(fromYear, 0, 1)), zone))}`,
    'END:STANDARD',
  );
  const groups = new Map<string, OffsetChange[]>();
  for (const change of changes) {
    const key = `${change.from}/${change.to}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  for (const group of groups.values()) {
    const [first, ...rest] = group;
    const kind = first!.to > first!.from ? 'DAYLIGHT' : 'STANDARD';
    // An observance's onset is written in the local time in force before it (TZOFFSETFROM).
    const onset = (c: OffsetChange) => localStamp(wallClock(c.at, c.from));
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${onset(first!)}`,
      ...(rest.length > 0 ? [`RDATE:${rest.map(onset).join(',')}`] : []),
      `TZOFFSETFROM:${utcOffset(first!.from)}`,
      `TZOFFSETTO:${utcOffset(first!.to)}`,
      `TZNAME:${escapeText(zoneName(first!.at, zone))}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const FREQ: Record<Exclude<Repeats, 'none'>, string> = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY' };

/** The whole `.ics` text of `event`, CRLF line ends. `url` is the event's page; `host` names the UID's domain. */
export function eventCalendar(event: CalendarEvent, options: { now: Date; url: string; host: string }): string {
  const zone = event.timeZone;
  const lastYear = event.repeats === 'none' ? event.endsAt.getUTCFullYear() : event.startsAt.getUTCFullYear() + REPEAT_YEARS;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Switchback//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...timeZoneLines(zone, event.startsAt, lastYear),
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${options.host}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `CREATED:${utcStamp(event.createdAt)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    `DTSTART;TZID=${zone}:${localStamp(localParts(event.startsAt, zone))}`,
    `DTEND;TZID=${zone}:${localStamp(localParts(event.endsAt, zone))}`,
    ...(event.repeats === 'none' ? [] : [`RRULE:FREQ=${FREQ[event.repeats]}`]),
    `SUMMARY:${escapeText(event.name)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.place ? [`LOCATION:${escapeText(event.place)}`] : []),
    ...(event.latitude !== null && event.longitude !== null ? [`GEO:${event.latitude};${event.longitude}`] : []),
    `URL:${options.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** `<slug>.ics` from the event's name (ASCII letters, digits and dashes; safe in a Content-Disposition header). */
export function calendarFileName(name: string, id: number) {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug || `event-${id}`}.ics`;
}
