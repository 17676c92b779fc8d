import { TZDate } from '@date-fns/tz';
import ical, { escape, ICalCalendarMethod, ICalEventRepeatingFreq, ICalEventStatus, type ICalLocation } from 'ical-generator';
import type { Repeats } from '#contract/events';
import { offsetChanges, offsetSeconds, type OffsetChange } from './time-zone';
import { fileSlug } from '../../lib/file-names';

/**
 * An event as an iCalendar file (RFC 5545) for "add to calendar": one VEVENT whose start and end are wall-clock times
 * in the event's own zone (`DTSTART;TZID=Europe/Berlin:20250704T090000`), with a VTIMEZONE describing that zone, so a
 * calendar shows 09:00 in Berlin whatever zone its owner is in, and a weekly repeat stays at 09:00 across the change
 * to and from summer time. ical-generator writes the file (escaping, folding at 75 octets); the VTIMEZONE is ours.
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

/** Control characters TEXT may not hold (tab it may: RFC 5545 3.3.11 TSAFE-CHAR); newlines are escaped, not dropped. */
const isControl = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return (c < 0x20 && c !== 0x09 && c !== 0x0a) || c === 0x7f;
};

/** Text for a TEXT value with the control characters it may not hold dropped; ical-generator escapes the rest. */
function plainText(value: string) {
  return [...value.replace(/\r\n|\r/g, '\n')].filter((ch) => !isControl(ch)).join('');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDTHHMMSS`, the wall-clock time `offset` seconds east of UTC at instant `at`, with no zone of its own. */
function localStamp(at: Date, offset: number) {
  const t = new Date(at.getTime() + offset * 1000);
  return `${pad(t.getUTCFullYear(), 4)}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`;
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
  return escape(plainText(part?.value ?? zone), false);
}

/**
 * The VTIMEZONE of `zone` for the instants from `startsAt` through the end of `lastYear`, handed to ical-generator as
 * its time-zone generator. Written here because no installed library writes one: ical-generator leaves it to a
 * generator (its README suggests @touch4it/ical-timezones or timezones-ical-library, neither installed, both shipping
 * their own copy of tzdata where this reads the runtime's), and ical.js only reads them.
 *
 * One observance from 1970 at the offset in force at the start of the year before the event (so times before the
 * first change listed are covered), then one STANDARD or DAYLIGHT per kind of change (offset from, offset to),
 * starting at its first change, with the later ones as RDATEs. A change to a larger offset is DAYLIGHT; Intl does not
 * say which is which, and a calendar only needs the offsets right.
 */
function timeZoneBlock(zone: string, startsAt: Date, lastYear: number): string {
  const fromYear = startsAt.getUTCFullYear() - 1;
  const base = offsetSeconds(new Date(Date.UTC(fromYear, 0, 1)), zone);
  const changes = offsetChanges(zone, fromYear, lastYear);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  lines.push(
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${utcOffset(base)}`,
    `TZOFFSETTO:${utcOffset(base)}`,
    `TZNAME:${zoneName(new Date(Date.UTC(fromYear, 0, 1)), zone)}`,
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
    const onset = (c: OffsetChange) => localStamp(c.at, c.from);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${onset(first!)}`,
      ...(rest.length > 0 ? [`RDATE:${rest.map(onset).join(',')}`] : []),
      `TZOFFSETFROM:${utcOffset(first!.from)}`,
      `TZOFFSETTO:${utcOffset(first!.to)}`,
      `TZNAME:${zoneName(first!.at, zone)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

const FREQ: Record<Exclude<Repeats, 'none'>, ICalEventRepeatingFreq> = {
  daily: ICalEventRepeatingFreq.DAILY,
  weekly: ICalEventRepeatingFreq.WEEKLY,
  monthly: ICalEventRepeatingFreq.MONTHLY,
};

/** LOCATION (the place's words) and GEO (its point), either of which may be missing. */
function location(event: CalendarEvent): ICalLocation | null {
  const geo = event.latitude !== null && event.longitude !== null ? { lat: event.latitude, lon: event.longitude } : null;
  const title = plainText(event.place);
  if (title) return geo ? { title, geo } : { title };
  return geo ? { geo } : null;
}

/** The whole `.ics` text of `event`, CRLF line ends. `url` is the event's page; `host` names the UID's domain. */
export function eventCalendar(event: CalendarEvent, options: { now: Date; url: string; host: string }): string {
  const zone = event.timeZone;
  const lastYear = event.repeats === 'none' ? event.endsAt.getUTCFullYear() : event.startsAt.getUTCFullYear() + REPEAT_YEARS;
  const calendar = ical({
    prodId: { company: 'Switchback', product: 'Events', language: 'EN' },
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (it would write DTSTAMP and the rest in local time); the event's zone gets the VTIMEZONE.
    timezone: { name: null, generator: (tz) => timeZoneBlock(tz, event.startsAt, lastYear) },
  });
  calendar.createEvent({
    id: `event-${event.id}@${options.host}`,
    stamp: options.now,
    created: event.createdAt,
    lastModified: event.updatedAt,
    // TZDates, so ical-generator writes the wall-clock time in the event's zone rather than in the server's.
    start: new TZDate(event.startsAt.getTime(), zone),
    end: new TZDate(event.endsAt.getTime(), zone),
    timezone: zone,
    repeating: event.repeats === 'none' ? null : { freq: FREQ[event.repeats] },
    summary: plainText(event.name),
    description: event.description ? plainText(event.description) : null,
    location: location(event),
    url: options.url,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // ical-generator ends the last line without its CRLF; RFC 5545 ends every content line with one.
  return `${calendar.toString()}\r\n`;
}

/** `<slug>.ics` from the event's name (ASCII letters, digits and dashes; safe in a Content-Disposition header). */
export function calendarFileName(name: string, id: number) {
  return `${fileSlug(name) || `event-${id}`}.ics`;
}
