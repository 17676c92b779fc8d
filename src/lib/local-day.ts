/**
 * Days as a member picks them (`<input type="date">`, `YYYY-MM-DD` on the browser's clock) and the instants the wire
 * carries. A day picked means its local midnight: "fitted on 3 May" stays 3 May on this member's screens, whatever
 * the zone the server writes in.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A date's day on the browser's clock, as a date input holds it. */
export const localDayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Today on the browser's clock, a date input's default. */
export const todayLocalDay = () => localDayOf(new Date());

/** A date input's day as the ISO instant of its local midnight; null for anything that is not a real day. */
export function localDayToInstant(day: string): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // 31 February rolls into March: not a day someone meant.
  return date.getDate() === Number(match[3]) && date.getMonth() === Number(match[2]) - 1 ? date.toISOString() : null;
}

/** An instant from the wire as the local day a date input shows. */
export const instantToLocalDay = (iso: string) => localDayOf(new Date(iso));

/**
 * When something done on a picked day happened, for what counts before and after it (a service, a part moved): now
 * when the day is today (it was just done, so today's earlier rides came before it), else the day's local midnight.
 */
export function localDayDoneAt(day: string, now = new Date()): string | null {
  return day === localDayOf(now) ? now.toISOString() : localDayToInstant(day);
}
