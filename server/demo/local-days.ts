import { localParts, offsetSeconds } from '../modules/events/time-zone';

/**
 * Calendar days in a zone, for demo data whose words name a day ("Thursday night ride", "Tempo Tuesday"): the demo
 * starts on any day of the week, so such dates are found from the weekday rather than set a fixed number of days
 * away. Days are counted on the calendar, not in 24-hour steps, which a change of clocks near midnight would upset.
 */

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type LocalDate = { year: number; month: number; day: number };

/** The weekday of a calendar date. */
export const weekdayOf = (d: LocalDate): Weekday => WEEKDAYS[new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()]!;

/** The weekday on the clocks of `zone` at the instant `at`. */
export const weekdayAt = (at: Date, zone: string): Weekday => weekdayOf(localParts(at, zone));

function addDays(d: LocalDate, n: number): LocalDate {
  const at = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

/** The date in `zone` `day` days from today, or the first `day` weekday after today. */
export function localDay(now: Date, day: number | Weekday, zone: string): LocalDate {
  const today = localParts(now, zone);
  if (typeof day === 'number') return addDays(today, day);
  for (let n = 1; n <= 7; n++) if (weekdayOf(addDays(today, n)) === day) return addDays(today, n);
  throw new Error(`No ${day} in a week`);
}

/** The most recent `weekday` before today in `zone`. */
export function lastWeekday(now: Date, weekday: Weekday, zone: string): LocalDate {
  const today = localParts(now, zone);
  for (let n = 1; n <= 7; n++) if (weekdayOf(addDays(today, -n)) === weekday) return addDays(today, -n);
  throw new Error(`No ${weekday} in a week`);
}

/** The instant the clocks in `zone` show `hour:minute` on the date `d`. */
export function onLocalDay(d: LocalDate, [hour, minute]: [number, number], zone: string): Date {
  const wall = Date.UTC(d.year, d.month - 1, d.day, hour, minute);
  // Twice: the first guess may sit on the other side of a change of offset from the answer.
  let at = wall - offsetSeconds(new Date(wall), zone) * 1000;
  at = wall - offsetSeconds(new Date(at), zone) * 1000;
  return new Date(at);
}

/** The weekdays a text names, singular or plural ("every Tuesday", "Sundays"). */
export const weekdaysNamed = (text: string): Weekday[] => WEEKDAYS.filter((w) => new RegExp(`\\b${w}s?\\b`, 'i').test(text));
