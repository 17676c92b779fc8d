/**
 * Wall-clock time in a named time zone ⇄ instants, with the browser's own zone data (Intl) read through @date-fns/tz.
 *
 * An event is planned in its own zone (the trailhead's, not the viewer's): the member types "14 June, 09:00" and picks
 * Europe/Berlin, and the wire carries the instant as seconds since 1970 (contract `startDate`). Editing turns the
 * instant back into the same wall time in the same zone.
 */

import { tzOffset } from '@date-fns/tz/tzOffset';
import { dateTimeFormat } from '../../../lib/intl-format';

/** `YYYY-MM-DD` and `HH:mm`, as native date and time inputs hold them. */
export type WallTime = { date: string; time: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * How far `timeZone` is ahead of UTC at instant `ms`, in ms (tzOffset answers minutes; an old local mean time's
 * seconds come as a fraction, rounded back to whole seconds here). @date-fns/tz 1.5.0 drops the minus of an offset
 * between -01:00 and 00:00, since 1970 only Liberia's until January 1972 (date-fns/date-fns#4279).
 */
const offsetAt = (ms: number, timeZone: string) => Math.round(tzOffset(timeZone, new Date(ms)) * 60) * 1000;

/** Whether the engine knows the zone (a bad name throws a RangeError in Intl). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    dateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function parseWall({ date, time }: WallTime): number | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute, second] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // 31 February rolls into March in Date.UTC: not a date someone meant.
  if (new Date(ms).getUTCDate() !== day) return null;
  return ms;
}

export type ZonedInstant = {
  /** Seconds since 1970 (UTC). */
  seconds: number;
  /**
   * True when the wall time does not exist in that zone on that day (the clocks jumped over it, spring forward): the
   * instant is then the same time read with the offset from before the jump, which lands as far past the gap as
   * the time was into it (02:30 in a 02:00→03:00 gap is 03:30), as calendars and Temporal ("compatible") do.
   */
  shifted: boolean;
};

/**
 * The instant a wall time in `timeZone` stands for. When the clocks go back and the time happens twice, the first
 * one (the earlier instant) is meant. Null for a malformed date or time or an unknown zone.
 *
 * Not `new TZDate(y, m, d, h, min, zone)`: for a time that happens twice it picks the first or the second depending on
 * the zone the browser itself is in, so the two readings are tried here with tzOffset and the earlier kept.
 */
export function zonedToInstant(wall: WallTime, timeZone: string): ZonedInstant | null {
  const local = parseWall(wall);
  if (local === null || !isKnownTimeZone(timeZone)) return null;
  // The offsets a day either side of the wall time cover any one transition near it (zones change at most twice a year).
  const before = offsetAt(local - DAY, timeZone);
  const after = offsetAt(local + DAY, timeZone);
  // A reading is right when the zone has that offset at the instant it gives.
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => offsetAt(instant, timeZone) === local - instant)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return { seconds: candidates[0]! / 1000, shifted: false };
  return { seconds: (local - before) / 1000, shifted: true };
}

/** The wall time (date and minutes) in `timeZone` at an instant given as seconds since 1970. */
export function instantToZoned(seconds: number, timeZone: string): WallTime {
  // A zone the engine does not know throws (a RangeError, as Intl's), rather than giving "NaN-NaN-NaN".
  if (!isKnownTimeZone(timeZone)) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  // The instant moved by the zone's offset, read in UTC: what TZDateMini does inside, without its 1 KB (gzipped) in
  // the chunk every event card loads.
  const wall = new Date(seconds * 1000 + offsetAt(seconds * 1000, timeZone));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

let ownZone: string | undefined;

/** The browser's own zone, the form's default (issue 6: the organiser's zone, not a fixed one). */
export function browserTimeZone(): string {
  // The kept formatter holds the zone the page started in, so the answer never changes: asked once, not per card.
  return (ownZone ??= dateTimeFormat(undefined, {}).resolvedOptions().timeZone || 'UTC');
}

/**
 * The zones to pick from, with `current` added when the engine's list leaves it out (Chrome's list has no "UTC", and
 * an event saved elsewhere may carry a zone this browser does not list).
 */
export function timeZoneOptions(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(listed);
  if (current) zones.add(current);
  zones.add('UTC');
  return [...zones].sort((a, b) => a.localeCompare(b));
}
